import { describe, expect, it } from 'vitest';
import { auditFilterOptions, listAuditEntries } from '@/lib/admin/list-audit';
import { prisma } from '@/lib/db/prisma';
import { createFailureCategory, updateFailureCategory } from '@/lib/taxonomy/failure-taxonomy';
import { createApiToken } from '@/lib/users/api-tokens';
import { createUser, updateUser } from '@/lib/users/manage-users';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

const labelsOf = async (admin: Awaited<ReturnType<typeof createActor>>, filter: Record<string, string>) =>
  (await listAuditEntries(admin, filter)).items.map((e) => [e.action, e.entityLabel]);

describe("the audit log names each entry's entity, not only its id", () => {
  it('names a user by name and e-mail, a token by name and owner, and a category as it was called when the entry was written', async () => {
    const admin = await createActor('ADMIN');
    const email = `labelled-${uid()}@test.local`;
    const user = await createUser(admin, { email, name: 'Old Name', role: 'REVIEWER', password: 'password1' });
    await updateUser(admin, user.id, { name: 'New Name' });
    expect(await labelsOf(admin, { entityId: user.id })).toEqual([
      ['user.update', `New Name <${email}>`],
      ['user.create', `Old Name <${email}>`],
    ]);
    const token = await createApiToken(admin, { name: 'ci bot', role: 'REVIEWER', userId: user.id });
    expect(await labelsOf(admin, { entityId: token.id })).toEqual([['token.create', `ci bot (of ${email})`]]);

    const c = await createFailureCategory(admin, { key: `k-${uid()}`, label: 'Wrong tool' });
    await updateFailureCategory(admin, c.id, { label: 'Wrong tool call' });
    expect(await labelsOf(admin, { entityId: c.id })).toEqual([
      ['taxonomy.update', 'Wrong tool call'],
      ['taxonomy.create', 'Wrong tool'],
    ]);
  });

  it('looks up the entity of an entry written before labels were kept, and falls back to its before/after once the entity is gone', async () => {
    const admin = await createActor('ADMIN');
    const t = await seedTrajectory({
      benchmark: `lbl-${uid()}`,
      taskExternalId: 'task/7',
      model: 'gpt-x',
      checkpoints: { c0: false },
    });
    const day = '2024-04-04';
    const old = (entityType: string, entityId: string, after?: object) =>
      prisma.auditLog.create({
        data: {
          actorId: admin.userId,
          action: `old.${entityType}`,
          entityType,
          entityId,
          after,
          createdAt: new Date(`${day}T12:00:00Z`),
        },
      });
    await old('Trajectory', t.id);
    await old('User', admin.userId);
    await old('ApiToken', 'gone-token', { name: 'deleted bot', role: 'ANNOTATOR' });
    await old('ReflectionBatch', 'batch-1');
    const labels = Object.fromEntries(
      (await listAuditEntries(admin, { from: day, to: day })).items.map((e) => [e.entityType, e.entityLabel]),
    );
    expect(labels).toEqual({
      Trajectory: `${t.benchmark} task/7 · gpt-x`,
      User: expect.stringContaining(`<${admin.email}>`),
      ApiToken: 'deleted bot',
      ReflectionBatch: null,
    });
  });

  it('offers in its menus each action and entity type that occurs, once and in order (read from the index, not the whole log)', async () => {
    const admin = await createActor('ADMIN');
    for (const [action, entityType] of [
      ['zz.b', 'ZzType'],
      ['zz.a', 'ZzType'],
      ['zz.b', 'ZzOther'],
      ['zz.a', 'ZzType'],
    ]) {
      await prisma.auditLog.create({ data: { actorId: admin.userId, action, entityType, entityId: uid() } });
    }
    const options = await auditFilterOptions(admin);
    expect(options.actions.filter((a) => a.startsWith('zz.'))).toEqual(['zz.a', 'zz.b']);
    expect(options.entityTypes.filter((t) => t.startsWith('Zz'))).toEqual(['ZzOther', 'ZzType']);
    expect(new Set(options.actions).size).toBe(options.actions.length);
    expect(options.actors.map((a) => a.id)).toContain(admin.userId);
  });
});

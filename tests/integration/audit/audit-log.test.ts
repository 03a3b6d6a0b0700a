import { describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/lib/admin/list-audit';
import { prisma } from '@/lib/db/prisma';
import { createFailureCategory, updateFailureCategory } from '@/lib/taxonomy/failure-taxonomy';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

describe('audit log listing', () => {
  it('filters by actor, action (exact or prefix), entity and time, pages newest first, and links each entry to its entity', async () => {
    const admin = await createActor('ADMIN');
    const other = await createActor('ADMIN');
    const c = await createFailureCategory(admin, { key: `k-${uid()}`, label: 'First' });
    await updateFailureCategory(admin, c.id, { label: 'Second' });
    await createFailureCategory(other, { key: `k-${uid()}`, label: 'Other' });
    const t = await seedTrajectory({
      benchmark: `a-${uid()}`,
      taskExternalId: 'x/1',
      model: 'm',
      checkpoints: { c0: false },
    });
    await prisma.auditLog.create({
      data: {
        actorId: other.userId,
        action: 'queue.assign',
        entityType: 'Trajectory',
        entityId: t.id,
        createdAt: new Date('2025-01-05T10:00:00Z'),
      },
    });

    const mine = await listAuditEntries(admin, { actorId: admin.userId });
    expect(mine.items.map((e) => e.action)).toEqual(['taxonomy.update', 'taxonomy.create']);
    expect(mine.items[0]).toMatchObject({
      entityType: 'FailureCategory',
      entityId: c.id,
      entityHref: '/admin/taxonomy',
      before: expect.objectContaining({ label: 'First' }),
      after: { label: 'Second' },
    });
    expect((await listAuditEntries(admin, { action: 'taxonomy.' })).total).toBe(3);
    expect((await listAuditEntries(admin, { action: 'taxonomy.create' })).total).toBe(2);
    expect((await listAuditEntries(admin, { entityType: 'FailureCategory', entityId: c.id })).total).toBe(2);
    const old = await listAuditEntries(admin, { from: '2025-01-05', to: '2025-01-05' });
    expect(old.items.map((e) => [e.action, e.entityHref])).toEqual([['queue.assign', `/trajectories/${t.id}`]]);
    const paged = await listAuditEntries(admin, { action: 'taxonomy.', pageSize: '2', page: '2' });
    expect({ n: paged.items.length, pageCount: paged.pageCount }).toEqual({ n: 1, pageCount: 2 });
  });

  it('links every entity type the console audits to the page that shows it', async () => {
    const admin = await createActor('ADMIN');
    const day = '2024-03-03';
    const types: Record<string, string> = {
      Adjudication: '/agreement',
      OverlapSetting: '/admin/overlap',
      ReflectionBatch: '/runs',
      Proposal: '/reviews/p1',
      ReflectionRun: '/runs/r1',
    };
    for (const [entityType, href] of Object.entries(types)) {
      await prisma.auditLog.create({
        data: {
          actorId: admin.userId,
          action: 'x.test',
          entityType,
          entityId: href.split('/').at(-1)!,
          createdAt: new Date(`${day}T12:00:00Z`),
        },
      });
    }
    const page = await listAuditEntries(admin, { from: day, to: day });
    expect(Object.fromEntries(page.items.map((e) => [e.entityType, e.entityHref]))).toEqual(types);
  });

  it('is for admins only and names a bad filter', async () => {
    for (const role of ['ANNOTATOR', 'REVIEWER', 'RESEARCHER'] as const) {
      await expect(listAuditEntries(await createActor(role), {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(listAuditEntries(await createActor('ADMIN'), { from: 'yesterday' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['from'] })],
    });
  });
});

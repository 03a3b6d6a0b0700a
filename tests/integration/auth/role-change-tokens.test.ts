import { describe, expect, it } from 'vitest';
import { actorFromApiToken } from '@/lib/users/sessions';
import { prisma } from '@/lib/db/prisma';
import { createApiToken, revokeApiToken } from '@/lib/users/api-tokens';
import { listUsers, updateUser } from '@/lib/users/manage-users';
import { tokensRevokedByRole } from '@/lib/users/token-revocation';
import { createActor } from '../../helpers/factories';
import { createManagedUser } from '../../helpers/managed-users';

describe("a role change and its owner's API tokens", () => {
  it("lists each user's working tokens, so the page can say beforehand how many a role change revokes", async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Counted', 'REVIEWER');
    const ci = await createApiToken(admin, { name: 'ci bot', role: 'REVIEWER', userId: user.id });
    const gone = await createApiToken(admin, { name: 'old bot', role: 'REVIEWER', userId: user.id });
    await revokeApiToken(admin, gone.id);
    const expired = await createApiToken(admin, { name: 'expired bot', role: 'REVIEWER', userId: user.id });
    await prisma.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const row = (await listUsers(admin)).find((u) => u.id === user.id)!;
    expect(row.activeTokens).toEqual([{ id: ci.id, name: 'ci bot', role: 'REVIEWER' }]);
    expect(tokensRevokedByRole(row.activeTokens, 'ANNOTATOR')).toHaveLength(1);
    expect(tokensRevokedByRole(row.activeTokens, 'ADMIN')).toHaveLength(0);
  });

  it('says which tokens it revoked, in its answer and in the user.update audit entry, and leaves dead ones alone', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Demoted', 'REVIEWER');
    const ci = await createApiToken(admin, { name: 'ci bot', role: 'REVIEWER', userId: user.id });
    const expired = await createApiToken(admin, { name: 'expired bot', role: 'REVIEWER', userId: user.id });
    await prisma.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const result = await updateUser(admin, user.id, { role: 'ANNOTATOR' });
    expect(result).toMatchObject({
      user: { id: user.id, role: 'ANNOTATOR' },
      revokedTokens: [{ id: ci.id, name: 'ci bot', role: 'REVIEWER' }],
    });
    expect(await actorFromApiToken(ci.token)).toBeNull();
    // An expired token is dead already: it stays "expired", not relabelled "revoked".
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: expired.id } })).revokedAt).toBeNull();
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'user.update' } });
    expect(entry).toMatchObject({
      before: { role: 'REVIEWER' },
      after: { role: 'ANNOTATOR', revokedTokens: [{ id: ci.id, name: 'ci bot', role: 'REVIEWER' }] },
    });
    expect(await prisma.auditLog.count({ where: { entityId: ci.id, action: 'token.revoke' } })).toBe(1);
  });

  it('revokes nothing when the user becomes an admin, and says so', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Promoted', 'RESEARCHER');
    const ci = await createApiToken(admin, { name: 'exporter', role: 'RESEARCHER', userId: user.id });
    expect(await updateUser(admin, user.id, { role: 'ADMIN' })).toMatchObject({ revokedTokens: [] });
    expect((await actorFromApiToken(ci.token))?.role).toBe('RESEARCHER');
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'user.update' } });
    expect(entry.after).not.toHaveProperty('revokedTokens');
  });

  it('undoing the change restores the role but not the revoked tokens', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Undone', 'REVIEWER');
    const ci = await createApiToken(admin, { name: 'ci bot', role: 'REVIEWER', userId: user.id });
    await updateUser(admin, user.id, { role: 'ANNOTATOR' });
    const undo = await updateUser(admin, user.id, { role: 'REVIEWER' });
    expect(undo).toMatchObject({ user: { role: 'REVIEWER' }, revokedTokens: [] });
    expect(await actorFromApiToken(ci.token)).toBeNull();
    expect((await listUsers(admin)).find((u) => u.id === user.id)!.activeTokens).toEqual([]);
  });
});

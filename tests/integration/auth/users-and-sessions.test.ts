import { describe, expect, it } from 'vitest';
import { actorFromApiToken, actorFromSession, lastUsedWritesSettled, login, logout } from '@/lib/users/sessions';
import { prisma } from '@/lib/db/prisma';
import { createApiToken, revokeApiToken } from '@/lib/users/api-tokens';
import { createUser, updateUser } from '@/lib/users/manage-users';
import { createActor, uid } from '../../helpers/factories';
import { createManagedUser } from '../../helpers/managed-users';

describe('users and sessions', () => {
  it('lets an admin create a user who can then sign in with the given password', async () => {
    const admin = await createActor('ADMIN');
    const email = `New.Person-${uid()}@Test.local`;
    const user = await createUser(admin, { email, name: 'New Person', role: 'REVIEWER', password: 'correct horse' });
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'REVIEWER', active: true });
    const session = await login(email, 'correct horse');
    expect((await actorFromSession(session.token))?.role).toBe('REVIEWER');
    await expect(login(email, 'wrong password')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const audit = await prisma.auditLog.findFirst({ where: { entityId: user.id, action: 'user.create' } });
    expect(audit?.actorId).toBe(admin.userId);
  });

  it('rejects a duplicate e-mail with a conflict naming the e-mail', async () => {
    const admin = await createActor('ADMIN');
    const email = `dup-${uid()}@test.local`;
    await createUser(admin, { email, name: 'A', role: 'ANNOTATOR', password: 'password1' });
    await expect(
      createUser(admin, { email, name: 'B', role: 'ANNOTATOR', password: 'password1' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(email),
    });
  });

  it('rejects invalid input with the field named', async () => {
    const admin = await createActor('ADMIN');
    await expect(
      createUser(admin, { email: 'not-an-email', name: '', role: 'KING', password: 'x' }),
    ).rejects.toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ['email'] }),
        expect.objectContaining({ path: ['role'] }),
      ]),
    });
  });

  it('signs a deactivated user out everywhere and refuses new sign-ins', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Leaver', 'ANNOTATOR');
    const session = await login(user.email, 'password1');
    await updateUser(admin, user.id, { active: false });
    expect(await actorFromSession(session.token)).toBeNull();
    await expect(login(user.email, 'password1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await updateUser(admin, user.id, { active: true, role: 'REVIEWER' });
    const again = await login(user.email, 'password1');
    expect(again.actor.role).toBe('REVIEWER');
  });

  it('disables and revokes a token of the old role when its owner is demoted, and audits each', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Demoted', 'REVIEWER');
    const { id, token } = await createApiToken(admin, { name: 'reviewer bot', role: 'REVIEWER', userId: user.id });
    expect((await actorFromApiToken(token))?.role).toBe('REVIEWER');
    // Even a token the role change did not revoke (written around it) acts only while its owner's role allows it.
    await prisma.user.update({ where: { id: user.id }, data: { role: 'ANNOTATOR' } });
    expect(await actorFromApiToken(token)).toBeNull();
    await prisma.user.update({ where: { id: user.id }, data: { role: 'REVIEWER' } });
    expect((await actorFromApiToken(token))?.role).toBe('REVIEWER');

    await updateUser(admin, user.id, { role: 'ANNOTATOR' });
    expect(await actorFromApiToken(token)).toBeNull();
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).not.toBeNull();
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: id, action: 'token.revoke' } });
    expect(audit).toMatchObject({ actorId: admin.userId, after: { reason: "owner's role changed to annotator" } });
    // Promoted back, the revoked token stays revoked.
    await updateUser(admin, user.id, { role: 'REVIEWER' });
    expect(await actorFromApiToken(token)).toBeNull();
  });

  it('signs a user out everywhere when an admin resets their password, and audits that it changed without the password', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Reset', 'ANNOTATOR', 'old password');
    const session = await login(user.email, 'old password');
    await updateUser(admin, user.id, { password: 'new password 1' });
    expect(await actorFromSession(session.token)).toBeNull();
    await expect(login(user.email, 'old password')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await login(user.email, 'new password 1')).actor.userId).toBe(user.id);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { entityId: user.id, action: 'user.password-reset' },
    });
    expect(audit.after).toMatchObject({ passwordChanged: true });
    expect(JSON.stringify(audit)).not.toMatch(/new password 1|\$argon|\$scrypt/);
  });

  it('does not let an admin deactivate themselves', async () => {
    const admin = await createActor('ADMIN');
    await expect(updateUser(admin, admin.userId, { active: false })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('authenticates API tokens by hash with their role and refuses revoked ones', async () => {
    const admin = await createActor('ADMIN');
    const { id, token } = await createApiToken(admin, { name: 'runtime', role: 'ANNOTATOR' });
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).not.toContain(token);
    expect((await actorFromApiToken(token))?.role).toBe('ANNOTATOR');
    await revokeApiToken(admin, id);
    expect(await actorFromApiToken(token)).toBeNull();
    expect(await actorFromApiToken('mct_forged')).toBeNull();
  });

  it('refuses a session past its expiry and one that was signed out', async () => {
    const admin = await createActor('ADMIN');
    const user = await createManagedUser(admin, 'Expiring', 'ANNOTATOR');
    const live = await login(user.email, 'password1');
    const old = await login(user.email, 'password1');
    await prisma.session.updateMany({
      where: { userId: user.id, expiresAt: old.expiresAt },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await actorFromSession(old.token)).toBeNull();
    expect(await actorFromSession(live.token)).toMatchObject({
      userId: user.id,
      name: 'Expiring',
      email: user.email,
      role: 'ANNOTATOR',
      via: 'session',
    });
    await logout(live.token);
    expect(await actorFromSession(live.token)).toBeNull();
  });

  it('records when a token was last used, at most once a minute, and refuses an expired token', async () => {
    const admin = await createActor('ADMIN');
    const { id, token } = await createApiToken(admin, { name: 'poller', role: 'RESEARCHER' });
    expect(await actorFromApiToken(token)).toMatchObject({ userId: admin.userId, role: 'RESEARCHER', via: 'token' });
    const firstUse = await lastUsedAt(id);
    expect(Date.now() - firstUse.getTime()).toBeLessThan(30_000);
    // Used again within the minute: nothing is written.
    await actorFromApiToken(token);
    expect(await lastUsedAt(id)).toEqual(firstUse);
    // A minute after the last recorded use: recorded again.
    const aMinuteAgo = new Date(Date.now() - 61_000);
    await prisma.apiToken.update({ where: { id }, data: { lastUsedAt: aMinuteAgo } });
    await actorFromApiToken(token);
    expect((await lastUsedAt(id)).getTime()).toBeGreaterThanOrEqual(firstUse.getTime());
    await prisma.apiToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await actorFromApiToken(token)).toBeNull();
  });
});

/** The token's lastUsedAt once the writes the requests started have landed (they are not awaited by the request). */
async function lastUsedAt(id: string): Promise<Date> {
  await lastUsedWritesSettled();
  const { lastUsedAt } = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (!lastUsedAt) throw new Error('lastUsedAt was not recorded');
  return lastUsedAt;
}

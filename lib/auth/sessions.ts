import { recordAudit } from '@/lib/audit/record';
import { prisma } from '@/lib/db/prisma';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from './login-throttle';
import type { Actor } from './permissions';
import { verifyPassword } from './password';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'mc_session';

/** Signs in; failed attempts are throttled per account and per client `address` (login-throttle.ts). */
export async function login(email: string, password: string, address = 'unknown'): Promise<{ token: string; expiresAt: Date; actor: Actor }> {
  const subject = { email, address };
  await assertLoginAllowed(subject);
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Same message for unknown e-mail and wrong password: no account probing.
  const ok = user ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok) {
    const blocked = await recordLoginFailure(subject);
    if (blocked) await assertLoginAllowed(subject);
    throw new AppError('UNAUTHENTICATED', 'E-mail or password is wrong');
  }
  await recordLoginSuccess(subject);
  if (!user.active) throw new AppError('FORBIDDEN', 'This account is deactivated; ask an admin');
  const { token, hash } = newToken('mcs');
  const expiresAt = new Date(Date.now() + env().SESSION_TTL_HOURS * 3600_000);
  // Sign-ins are audited (who got a session when); failed attempts are not: nothing is written for them.
  await prisma.$transaction(async (tx) => {
    const session = await tx.session.create({ data: { tokenHash: hash, userId: user.id, expiresAt } });
    await recordAudit(tx, { actorId: user.id, action: 'auth.login', entityType: 'User', entityId: user.id, after: { sessionId: session.id, expiresAt: expiresAt.toISOString() } });
  });
  return { token, expiresAt, actor: { userId: user.id, name: user.name, email: user.email, role: user.role, via: 'session' } };
}

export async function logout(token: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const session = await tx.session.findUnique({ where: { tokenHash: hashToken(token) }, select: { id: true, userId: true } });
    if (!session) return;
    await tx.session.delete({ where: { id: session.id } });
    await recordAudit(tx, { actorId: session.userId, action: 'auth.logout', entityType: 'User', entityId: session.userId, before: { sessionId: session.id } });
  });
}

export async function actorFromSession(token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const session = await prisma.session.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!session || session.expiresAt < new Date() || !session.user.active) return null;
  const u = session.user;
  return { userId: u.id, name: u.name, email: u.email, role: u.role, via: 'session' };
}

export async function actorFromApiToken(token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const row = await prisma.apiToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt < new Date()) || !row.user.active) return null;
  // Best-effort bookkeeping; never fail the request over it.
  void prisma.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  return { userId: row.user.id, name: row.user.name, email: row.user.email, role: row.role, via: 'token' };
}

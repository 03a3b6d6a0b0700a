import { Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import { prisma } from '@/lib/db/prisma';
import { queryRows } from '@/lib/db/sql';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from '@/lib/auth/login-throttle';
import type { Actor } from '@/lib/auth/permissions';
import { verifyPasswordOrDummy } from '@/lib/auth/password';
import { hashToken, newToken } from '@/lib/auth/tokens';

export const SESSION_COOKIE = 'mc_session';

/** Signs in; failed attempts are throttled per account and per client `address` (login-throttle.ts). */
export async function login(
  email: string,
  password: string,
  address = 'unknown',
): Promise<{ token: string; expiresAt: Date; actor: Actor }> {
  const subject = { email, address };
  await assertLoginAllowed(subject);
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Same message and the same scrypt for an unknown e-mail as for a wrong password: no account probing.
  const ok = await verifyPasswordOrDummy(password, user?.passwordHash);
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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'auth.login',
      entityType: 'User',
      entityId: user.id,
      after: { sessionId: session.id, expiresAt: expiresAt.toISOString() },
    });
  });
  return {
    token,
    expiresAt,
    actor: { userId: user.id, name: user.name, email: user.email, role: user.role, via: 'session' },
  };
}

export async function logout(token: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const session = await tx.session.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, userId: true },
    });
    if (!session) return;
    await tx.session.delete({ where: { id: session.id } });
    await recordAudit(tx, {
      actorId: session.userId,
      action: 'auth.logout',
      entityType: 'User',
      entityId: session.userId,
      before: { sessionId: session.id },
    });
  });
}

type ActorRow = { userId: string; name: string; email: string; role: Actor['role'] };

/**
 * Every request resolves its caller, so this is one prepared statement on the
 * read pool (lib/db/sql.ts) joining the user, not Prisma's two (session, then
 * user): the lookup was the largest fixed cost of each API request.
 */
export async function actorFromSession(token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const [row] = await queryRows<ActorRow>(Prisma.sql`
    SELECT u.id AS "userId", u.name, u.email, u.role::text AS role
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    WHERE s."tokenHash" = ${hashToken(token)} AND s."expiresAt" > ${new Date()} AND u.active`);
  return row ? { ...row, via: 'session' } : null;
}

// A token's "last used" is for telling live tokens from forgotten ones: recording it once a minute is
// enough, and spares an agent runtime polling the bank a write on every request.
const LAST_USED_EVERY_MS = 60_000;
// The writes still in flight (they are not awaited by the request), for whoever must see them land: the tests.
const lastUsedWrites = new Set<Promise<unknown>>();

/** Resolves once every lastUsedAt write started so far has finished (or failed). */
export async function lastUsedWritesSettled(): Promise<void> {
  await Promise.all(lastUsedWrites);
}

/**
 * Why a presented token that exists is refused, so the caller can be told (lib/users/current-actor.ts):
 * revoked wins over expired, which wins over a token whose owner was deactivated (or lost the
 * token's role without the token being revoked: a role change around updateUser).
 */
export type DeadToken =
  | { reason: 'TOKEN_REVOKED' | 'TOKEN_EXPIRED'; at: Date; name: string }
  | { reason: 'TOKEN_DISABLED'; ownerActive: boolean; name: string };

/** The actor a bearer token acts as; or why a real but revoked or expired token no longer does; or null. */
export async function lookupApiToken(
  token: string | undefined,
): Promise<{ actor: Actor } | { dead: DeadToken } | null> {
  if (!token) return null;
  // One statement either way: the revoked and expired rows are read too, and told apart here.
  const [row] = await queryRows<
    ActorRow & {
      id: string;
      tokenName: string;
      prefix: string;
      lastUsedAt: Date | null;
      revokedAt: Date | null;
      expiresAt: Date | null;
      ownerActive: boolean;
      usable: boolean;
    }
  >(Prisma.sql`
    SELECT t.id, t.name AS "tokenName", t.prefix, t."lastUsedAt", t."revokedAt", t."expiresAt", u.active AS "ownerActive",
           u.id AS "userId", u.name, u.email, t.role::text AS role,
           -- A token never acts with more than its owner's role *now*: demoting the owner disables a token of
           -- the old role (updateUser also revokes it), as creating one would have been refused (createApiToken).
           (u.active AND (t.role = u.role OR u.role = 'ADMIN')) AS usable
    FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
    WHERE t."tokenHash" = ${hashToken(token)}`);
  if (!row) return null;
  if (row.revokedAt) return { dead: { reason: 'TOKEN_REVOKED', at: row.revokedAt, name: row.tokenName } };
  if (row.expiresAt && row.expiresAt <= new Date())
    return { dead: { reason: 'TOKEN_EXPIRED', at: row.expiresAt, name: row.tokenName } };
  if (!row.usable) return { dead: { reason: 'TOKEN_DISABLED', ownerActive: row.ownerActive, name: row.tokenName } };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Best-effort bookkeeping; never fail the request over it.
    const write = prisma.apiToken
      .update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
      .catch(() => undefined);
    lastUsedWrites.add(write);
    void write.finally(() => lastUsedWrites.delete(write));
  }
  const { userId, name, email, role } = row;
  return {
    actor: { userId, name, email, role, via: 'token', token: { id: row.id, name: row.tokenName, prefix: row.prefix } },
  };
}

export async function actorFromApiToken(token: string | undefined): Promise<Actor | null> {
  const found = await lookupApiToken(token);
  return found && 'actor' in found ? found.actor : null;
}

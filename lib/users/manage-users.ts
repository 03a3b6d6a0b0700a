import type { Role, User } from '@prisma/client';
import { Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/password';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { notifyAccessEnded } from '@/lib/live/notify';
import { createUserSchema, updateUserSchema, type UserListItem, type UserView } from './schemas';
import { tokensRevokedByRole, type TokenRef } from './token-revocation';

export function toUserView(u: User): UserView {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    active: u.active,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Users with their working API tokens, so the page can say what a role change would revoke before it is made. */
export async function listUsers(actor: Actor): Promise<UserListItem[]> {
  requirePermission(actor, 'admin:users');
  const users = await prisma.user.findMany({
    orderBy: [{ active: 'desc' }, { name: 'asc' }],
    include: {
      apiTokens: {
        where: activeTokenWhere(),
        select: { id: true, name: true, role: true },
        orderBy: { createdAt: 'asc' },
      },
    },
  });
  return users.map((u) => ({ ...toUserView(u), activeTokens: u.apiTokens }));
}

// Not revoked and not expired: an expired token is already dead, and revoking it would only relabel it.
const activeTokenWhere = (): Prisma.ApiTokenWhereInput => ({
  revokedAt: null,
  OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
});

export async function createUser(actor: Actor, input: unknown): Promise<UserView> {
  requirePermission(actor, 'admin:users');
  const data = createUserSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: data.email, name: data.name, role: data.role, passwordHash },
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.create',
        entityType: 'User',
        entityId: user.id,
        after: toUserView(user),
      });
      return toUserView(user);
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('CONFLICT', `A user with e-mail ${data.email} already exists`, [
        { path: 'email', message: 'already taken' },
      ]);
    }
    throw err;
  }
}

/** The user as changed, and the API tokens the change revoked (a role change; see tokensRevokedByRole). */
export type UpdateUserResult = { user: UserView; revokedTokens: TokenRef[] };

export async function updateUser(actor: Actor, userId: string, input: unknown): Promise<UpdateUserResult> {
  requirePermission(actor, 'admin:users');
  const data = updateUserSchema.parse(input);
  if (userId === actor.userId && (data.active === false || (data.role && data.role !== 'ADMIN'))) {
    // Prevents an admin from locking everyone (including themselves) out by accident.
    throw new AppError('VALIDATION', 'You cannot deactivate yourself or remove your own admin role');
  }
  const passwordHash = data.password ? await hashPassword(data.password) : undefined;
  return prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId } });
    if (!before) throw notFound('User');
    const user = await tx.user.update({
      where: { id: userId },
      data: { name: data.name, role: data.role, active: data.active, passwordHash },
    });
    // A deactivated user is signed out everywhere at once; so is one whose password an admin reset (whoever
    // knew the old one keeps no session). An admin changing their own password keeps their sessions.
    const passwordReset = data.password !== undefined;
    const signedOut = data.active === false || (passwordReset && userId !== actor.userId);
    if (signedOut) await tx.session.deleteMany({ where: { userId } });
    const roleChanged = !!data.role && data.role !== before.role;
    const revokedTokens = roleChanged ? await revokeTokensOfOtherRoles(tx, actor, userId, data.role!) : [];
    // Their open live streams end too, on every replica, once this commits: a stream checked the caller only
    // when it opened, and kept delivering events to a deactivated account.
    if (signedOut || roleChanged) await notifyAccessEnded(tx, userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: data.active === false ? 'user.deactivate' : passwordReset ? 'user.password-reset' : 'user.update',
      entityType: 'User',
      entityId: userId,
      before: toUserView(before),
      // Never the password or its hash: only that it changed. The tokens a role change revoked are named here
      // too, so the entry says the whole effect of the change (each also has its own token.revoke entry).
      after: {
        ...toUserView(user),
        ...(passwordReset ? { passwordChanged: true } : {}),
        ...(revokedTokens.length ? { revokedTokens } : {}),
      },
    });
    return { user: toUserView(user), revokedTokens };
  });
}

/**
 * A role change revokes the owner's working tokens of any other role, each audited, so the tokens page shows
 * why it stopped. Revoked for good: undoing the role change does not bring them back (a revoked token's secret
 * may already be thrown away or leaked, and "revoked" must stay final, as DELETE /api/admin/tokens/<id> is).
 */
async function revokeTokensOfOtherRoles(tx: Tx, actor: Actor, userId: string, role: Role): Promise<TokenRef[]> {
  const stale = tokensRevokedByRole(
    await tx.apiToken.findMany({
      where: { userId, ...activeTokenWhere() },
      select: { id: true, name: true, role: true },
      orderBy: { createdAt: 'asc' },
    }),
    role,
  );
  if (!stale.length) return [];
  await tx.apiToken.updateMany({ where: { id: { in: stale.map((t) => t.id) } }, data: { revokedAt: new Date() } });
  for (const t of stale) {
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'token.revoke',
      entityType: 'ApiToken',
      entityId: t.id,
      before: { name: t.name, role: t.role },
      after: { reason: `owner's role changed to ${role.toLowerCase()}` },
    });
  }
  return stale;
}

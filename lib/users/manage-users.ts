import type { User } from '@prisma/client';
import { Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/password';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { createUserSchema, updateUserSchema, type UserView } from './schemas';

export function toUserView(u: User): UserView {
  return { id: u.id, email: u.email, name: u.name, role: u.role, active: u.active, createdAt: u.createdAt.toISOString() };
}

export async function listUsers(actor: Actor): Promise<UserView[]> {
  requirePermission(actor, 'admin:users');
  const users = await prisma.user.findMany({ orderBy: [{ active: 'desc' }, { name: 'asc' }] });
  return users.map(toUserView);
}

export async function createUser(actor: Actor, input: unknown): Promise<UserView> {
  requirePermission(actor, 'admin:users');
  const data = createUserSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: data.email, name: data.name, role: data.role, passwordHash } });
      await recordAudit(tx, { actorId: actor.userId, action: 'user.create', entityType: 'User', entityId: user.id, after: toUserView(user) });
      return toUserView(user);
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('CONFLICT', `A user with e-mail ${data.email} already exists`, [{ path: 'email', message: 'already taken' }]);
    }
    throw err;
  }
}

export async function updateUser(actor: Actor, userId: string, input: unknown): Promise<UserView> {
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
    // A deactivated user is signed out everywhere at once.
    if (data.active === false) await tx.session.deleteMany({ where: { userId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: data.active === false ? 'user.deactivate' : 'user.update',
      entityType: 'User',
      entityId: userId,
      before: toUserView(before),
      after: toUserView(user),
    });
    return toUserView(user);
  });
}

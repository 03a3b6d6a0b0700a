import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { env } from '@/lib/env';
import { AppError, notFound } from '@/lib/errors';

const assignSchema = z.strictObject({ trajectoryId: z.string().min(1), userId: z.string().min(1) });
const releaseSchema = z.strictObject({ trajectoryId: z.string().min(1) });

/** Admin: give an item to an annotator, taking it from whoever held it. */
export async function assignItem(actor: Actor, input: unknown) {
  requirePermission(actor, 'queue:assign');
  const { trajectoryId, userId } = assignSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const [trajectory, user] = await Promise.all([
      tx.trajectory.findUnique({ where: { id: trajectoryId }, select: { id: true, pendingCount: true } }),
      tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true, active: true, name: true } }),
    ]);
    if (!trajectory) throw notFound(`Trajectory ${trajectoryId}`, 'trajectoryId');
    if (!user || !user.active)
      throw new AppError('VALIDATION', 'Assignee must be an active user', [
        { path: 'userId', message: 'unknown or inactive user' },
      ]);
    if (!can(user.role, 'queue:work')) {
      throw new AppError('VALIDATION', `${user.name} (${user.role.toLowerCase()}) cannot work the queue`, [
        { path: 'userId', message: 'role cannot work the queue' },
      ]);
    }
    if (trajectory.pendingCount === 0) throw new AppError('CONFLICT', 'This trajectory has nothing left to diagnose');
    const before = await tx.queueClaim.findUnique({ where: { trajectoryId } });
    const now = new Date();
    const expiresAt = new Date(now.getTime() + env().QUEUE_CLAIM_IDLE_MINUTES * 60_000);
    const claim = await tx.queueClaim.upsert({
      where: { trajectoryId },
      create: { trajectoryId, userId, assignedById: actor.userId, claimedAt: now, lastActiveAt: now, expiresAt },
      update: { userId, assignedById: actor.userId, claimedAt: now, lastActiveAt: now, expiresAt },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'queue.assign',
      entityType: 'Trajectory',
      entityId: trajectoryId,
      before: before && { userId: before.userId },
      after: { userId },
    });
    return { trajectoryId, userId: claim.userId, expiresAt: claim.expiresAt.toISOString() };
  });
}

/**
 * Releases a claim: its holder may drop it; an admin may release anyone's. An unknown trajectory is a 404
 * and one nobody holds a 409 NOT_CLAIMED, each naming it, so a client with a wrong id (or a claim that had
 * already gone) learns why nothing was released. { released: true } otherwise.
 */
export async function releaseItem(actor: Actor, input: unknown): Promise<{ released: true }> {
  requirePermission(actor, 'queue:work');
  const { trajectoryId } = releaseSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const claim = await tx.queueClaim.findUnique({
      where: { trajectoryId },
      include: { user: { select: { name: true } } },
    });
    if (!claim) {
      if (!(await tx.trajectory.findUnique({ where: { id: trajectoryId }, select: { id: true } })))
        throw notFound(`Trajectory ${trajectoryId}`, 'trajectoryId');
      throw new AppError(
        'CONFLICT',
        `Nobody holds trajectory ${trajectoryId} (its claim was already released, or ended with its last submission); nothing to release`,
        [{ path: 'trajectoryId', message: 'not claimed' }],
        { reason: 'NOT_CLAIMED' },
      );
    }
    if (claim.userId !== actor.userId && !can(actor.role, 'queue:assign')) {
      throw new AppError(
        'FORBIDDEN',
        `${claim.user.name} holds trajectory ${trajectoryId}, not you: only the holder or an admin can release it`,
        [{ path: 'trajectoryId', message: 'claimed by someone else' }],
      );
    }
    await tx.queueClaim.delete({ where: { trajectoryId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'queue.release',
      entityType: 'Trajectory',
      entityId: trajectoryId,
      before: { userId: claim.userId },
    });
    return { released: true };
  });
}

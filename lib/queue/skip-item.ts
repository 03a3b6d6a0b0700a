import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';

const REASON_MAX = 1000;

const skipSchema = z.strictObject({
  trajectoryId: z.string().min(1),
  // Optional: a skip is often just "not now"; what is typed is kept as typed (trimmed only).
  reason: z.string().trim().max(REASON_MAX, `at most ${REASON_MAX} characters`).optional(),
});

/**
 * Passes on an item: the caller's claim on it ends (the item is free for anyone again) and it moves to the end
 * of the caller's own order, so "next" hands them every item they have not skipped before it (claim-next.ts).
 * Other annotators' order does not change. Drafts are kept. Recorded (QueueSkip) and audited.
 */
export async function skipItem(actor: Actor, input: unknown): Promise<{ skipped: true }> {
  requirePermission(actor, 'queue:work');
  const { trajectoryId, reason } = skipSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const t = await tx.trajectory.findUnique({
      where: { id: trajectoryId },
      select: {
        pendingCount: true,
        claim: { select: { userId: true, expiresAt: true, user: { select: { name: true } } } },
      },
    });
    if (!t) throw notFound(`Trajectory ${trajectoryId}`, 'trajectoryId');
    if (t.pendingCount === 0)
      throw new AppError('CONFLICT', `Trajectory ${trajectoryId} has nothing left to diagnose: nothing to skip`, [
        { path: 'trajectoryId', message: 'not in the queue' },
      ]);
    const live = t.claim && t.claim.expiresAt > new Date() ? t.claim : null;
    if (live && live.userId !== actor.userId)
      throw new AppError(
        'CONFLICT',
        `${live.user.name} holds trajectory ${trajectoryId}, not you: only the item you hold can be skipped`,
        [{ path: 'trajectoryId', message: 'claimed by someone else' }],
      );
    if (t.claim?.userId === actor.userId) await tx.queueClaim.delete({ where: { trajectoryId } });
    const skippedAt = new Date();
    await tx.queueSkip.upsert({
      where: { trajectoryId_userId: { trajectoryId, userId: actor.userId } },
      create: { trajectoryId, userId: actor.userId, reason: reason || null, skippedAt },
      update: { reason: reason || null, skippedAt },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'queue.skip',
      entityType: 'Trajectory',
      entityId: trajectoryId,
      after: { reason: reason || null },
    });
    return { skipped: true };
  });
}

import type { Actor } from '@/lib/auth/permissions';
import type { Tx } from '@/lib/db/prisma';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';

/**
 * Writing a diagnosis needs the trajectory: the writer takes (or renews) the
 * claim inside the same transaction, so the queue does not hand the item to
 * someone else meanwhile, and a live claim by another annotator refuses the
 * write — two people never diagnose the same trajectory at once. The row lock
 * on the claim (upsert) serialises concurrent writers.
 */
export async function claimForWriting(tx: Tx, actor: Actor, trajectoryId: string): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + env().QUEUE_CLAIM_IDLE_MINUTES * 60_000);
  const claim = await tx.queueClaim.findUnique({
    where: { trajectoryId },
    include: { user: { select: { name: true } } },
  });
  if (claim && claim.userId !== actor.userId && claim.expiresAt > now) {
    throw new AppError(
      'CONFLICT',
      `${claim.user.name} is working on this trajectory (claimed until ${claim.expiresAt.toISOString().slice(11, 16)} UTC). Take another item, or ask an admin to release it.`,
    );
  }
  if (claim) {
    const renewed = await tx.queueClaim.updateMany({
      // Conditional: if another writer took it since our read, this matches nothing.
      where: { id: claim.id, OR: [{ userId: actor.userId }, { expiresAt: { lte: now } }] },
      data: {
        userId: actor.userId,
        lastActiveAt: now,
        expiresAt,
        ...(claim.userId === actor.userId ? {} : { claimedAt: now, assignedById: null }),
      },
    });
    if (renewed.count === 0)
      throw new AppError('CONFLICT', 'Someone else just claimed this trajectory. Take another item.');
  } else {
    // ON CONFLICT DO NOTHING: a claim taken at the same moment (not yet committed when it was read
    // above) makes this wait for it, then insert nothing; the committed claim then decides as any
    // other would. A plain insert failed on the unique key there, a 500.
    const created = await tx.queueClaim.createMany({
      data: [{ trajectoryId, userId: actor.userId, expiresAt }],
      skipDuplicates: true,
    });
    if (created.count === 0) await claimForWriting(tx, actor, trajectoryId);
  }
}

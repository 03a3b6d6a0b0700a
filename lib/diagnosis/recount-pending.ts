import type { Tx } from '@/lib/db/prisma';

/**
 * Recomputes `Trajectory.pendingCount` (failed checkpoints without a submitted
 * diagnosis) from the rows themselves. Call it in the same transaction as any
 * change to diagnoses or checkpoint results, so the queue never drifts.
 */
export async function recountPending(tx: Tx, trajectoryId: string): Promise<number> {
  const pending = await tx.checkpointResult.count({
    where: { trajectoryId, passed: false, diagnoses: { none: { status: 'SUBMITTED' } } },
  });
  await tx.trajectory.update({ where: { id: trajectoryId }, data: { pendingCount: pending } });
  return pending;
}

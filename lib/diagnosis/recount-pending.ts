import type { Tx } from '@/lib/db/prisma';
import { overlapKSql, SUBMITTED_COUNT_SQL } from '@/lib/queue/overlap';

/**
 * Recomputes `Trajectory.pendingCount` (failed checkpoints with fewer
 * submitted diagnoses than the overlap k of the task's benchmark/ability; k = 1
 * by default) from the rows themselves. Call it in the same transaction as any
 * change to diagnoses or checkpoint results, so the queue never drifts.
 */
export async function recountPending(tx: Tx, trajectoryId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ pendingCount: number }[]>`
    UPDATE "Trajectory" t SET "pendingCount" = (
      SELECT count(*) FROM "CheckpointResult" r
      WHERE r."trajectoryId" = t.id AND r."passed" = false AND ${SUBMITTED_COUNT_SQL} < ${overlapKSql()})
    WHERE t.id = ${trajectoryId}
    RETURNING t."pendingCount"`;
  return row?.pendingCount ?? 0;
}

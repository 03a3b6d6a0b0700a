import type { Tx } from '@/lib/db/prisma';
import { pendingCountSql } from '@/lib/queue/open-checkpoints';
import { overlapKSql } from '@/lib/queue/overlap';

/**
 * Recomputes `Trajectory.pendingCount` (failed checkpoints with fewer
 * submitted diagnoses than the overlap k of the task's benchmark/ability; k = 1
 * by default). Call it in the same transaction as any change to diagnoses or
 * checkpoint results, after the change: it reads the row's checkpoint list,
 * which the summary recount has brought up to date by then. The console's
 * writers (save-diagnosis.ts) take lockOverlapForWriting first, so no change of
 * k is on its way meanwhile (the demo seed and test fixtures write before any k is set).
 */
export async function recountPending(tx: Tx, trajectoryId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ pendingCount: number }[]>`
    UPDATE "Trajectory" t SET "pendingCount" = ${pendingCountSql(overlapKSql())}
    WHERE t.id = ${trajectoryId}
    RETURNING t."pendingCount"`;
  return row?.pendingCount ?? 0;
}

import { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';

/**
 * How a caller names a trajectory that results arrive for: `trajectory` is the
 * console's id or the id it was imported under (`trajectory.id` of the native
 * record); `traceId` is the trace it came from (an OTLP trace becomes a
 * trajectory whose external id, or else whose metadata.trace_id, is the trace id).
 */
export type TrajectoryRef = { trajectory: string } | { traceId: string };

const SELECT = {
  id: true,
  externalId: true,
  taskId: true,
  eventCount: true,
  passed: true,
  score: true,
  outcomeReason: true,
} satisfies Prisma.TrajectorySelect;

export type FoundTrajectory = Prisma.TrajectoryGetPayload<{ select: typeof SELECT }>;

export async function findTrajectoryRef(tx: Tx, ref: TrajectoryRef): Promise<FoundTrajectory> {
  if ('trajectory' in ref) {
    const found = await tx.trajectory.findFirst({
      where: { OR: [{ id: ref.trajectory }, { externalId: ref.trajectory }] },
      select: SELECT,
    });
    if (!found) throw notFound(`Trajectory ${ref.trajectory}`, 'trajectory_id');
    return found;
  }
  const byExternal = await tx.trajectory.findUnique({ where: { externalId: ref.traceId }, select: SELECT });
  if (byExternal) return byExternal;
  // Not indexed: only reached for traces stored under another external id, which the receiver does not do by default.
  const ids = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Trajectory" WHERE metadata->>'trace_id' = ${ref.traceId} LIMIT 2`;
  if (ids.length > 1)
    throw new AppError('CONFLICT', `Trace ${ref.traceId} names more than one trajectory: send the trajectory id`, [
      { path: 'trace_id', message: 'more than one trajectory has this trace id' },
    ]);
  if (!ids.length) throw notFound(`Trajectory of trace ${ref.traceId}`, 'trace_id');
  return tx.trajectory.findUniqueOrThrow({ where: { id: ids[0].id }, select: SELECT });
}

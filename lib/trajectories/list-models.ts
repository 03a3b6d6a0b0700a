import { prisma } from '@/lib/db/prisma';

/**
 * Every distinct trajectory model, sorted. A loose index scan over
 * `Trajectory_model_idx` (one index probe per model): Prisma's `distinct`
 * reads every trajectory row and de-duplicates in memory, which at 100k
 * trajectories costs more than the dashboard's aggregates.
 */
export async function listTrajectoryModels(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ model: string }[]>`
    WITH RECURSIVE m AS (
      (SELECT model FROM "Trajectory" ORDER BY model LIMIT 1)
      UNION ALL
      SELECT (SELECT t.model FROM "Trajectory" t WHERE t.model > m.model ORDER BY t.model LIMIT 1) FROM m WHERE m.model IS NOT NULL
    )
    SELECT model FROM m WHERE model IS NOT NULL`;
  return rows.map((r) => r.model);
}

import { prisma } from '@/lib/db/prisma';

/** Compact once this many delta rows have accumulated (a few imports' worth). */
export const COMPACT_AFTER_DELTAS = 2000;

/**
 * Merges the dashboard cubes' delta rows (written by the Trajectory trigger,
 * see the dashboard_summary migration) into one compacted row per key, so the
 * cubes stay as small as their distinct keys. Safe next to writers: the DELETE
 * takes only rows its snapshot sees, so a delta committed meanwhile is kept and
 * still counted; readers sum per key and see the same totals before and after.
 * One compaction at a time (advisory lock); returns false when another holds it.
 */
export async function compactDashboardCells(): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext('dashboard_cells_compact')) AS locked`;
    if (!locked) return false;
    await tx.$executeRaw`
      WITH d AS (DELETE FROM "DashboardCell" RETURNING *)
      INSERT INTO "DashboardCell" (benchmark, ability, model, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, compacted)
      SELECT benchmark, ability, model, release, day, sum(trajectories), sum("tasksPassed"), sum(checkpoints), sum("checkpointsPassed"), sum(diagnosed), true
      FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(trajectories) <> 0`;
    await tx.$executeRaw`
      WITH d AS (DELETE FROM "DashboardCardCell" RETURNING *)
      INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, release, day, trajectories, checkpoints, "checkpointsPassed", compacted)
      SELECT card, benchmark, ability, model, release, day, sum(trajectories), sum(checkpoints), sum("checkpointsPassed"), true
      FROM d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(trajectories) <> 0`;
    return true;
  }, { timeout: 60_000 });
}

let running: Promise<unknown> | null = null;

/**
 * Called by dashboard reads: starts a compaction in the background when deltas
 * have piled up (counted through the index on `compacted`). The read does not
 * wait for it; its figures are exact either way.
 */
export async function compactCellsIfGrown(): Promise<void> {
  if (running) return;
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT (SELECT count(*) FROM (SELECT 1 FROM "DashboardCell" WHERE NOT compacted LIMIT ${COMPACT_AFTER_DELTAS}) a)::int
         + (SELECT count(*) FROM (SELECT 1 FROM "DashboardCardCell" WHERE NOT compacted LIMIT ${COMPACT_AFTER_DELTAS}) b)::int AS n`;
  if (n < COMPACT_AFTER_DELTAS) return;
  running = compactDashboardCells()
    .catch((err: unknown) => console.error('dashboard cell compaction failed', err))
    .finally(() => (running = null));
}

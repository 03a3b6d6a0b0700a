import { prisma } from '@/lib/db/prisma';

/** Compact once this many delta rows have accumulated (a few imports' worth). */
export const COMPACT_AFTER_DELTAS = 2000;

/**
 * Merges the dashboard cubes' delta rows (written by the Trajectory trigger,
 * prisma/sql/dashboard-cells.sql) into one compacted row per key, so the
 * cubes stay as small as their distinct keys. Safe next to writers: the DELETE
 * takes only rows its snapshot sees, so a delta committed meanwhile is kept and
 * still counted; readers sum per key and see the same totals before and after.
 * One compaction at a time (advisory lock); returns false when another holds it.
 */
export async function compactDashboardCells(): Promise<boolean> {
  return prisma.$transaction(
    async (tx) => {
      const [{ locked }] = await tx.$queryRaw<
        { locked: boolean }[]
      >`SELECT pg_try_advisory_xact_lock(hashtext('dashboard_cells_compact')) AS locked`;
      if (!locked) return false;
      await tx.$executeRaw`
      WITH d AS (DELETE FROM "DashboardCell" RETURNING *)
      INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel", "notStarted", compacted)
      SELECT benchmark, ability, model, agent, release, day, sum(trajectories), sum("tasksPassed"), sum(checkpoints), sum("checkpointsPassed"), sum(diagnosed), sum("runLevel"), sum("notStarted"), true
      FROM d GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(trajectories) <> 0 OR sum("notStarted") <> 0`;
      await tx.$executeRaw`
      WITH d AS (DELETE FROM "DashboardCardCell" RETURNING *)
      INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed", compacted)
      SELECT card, benchmark, ability, model, agent, release, day, sum(trajectories), sum(checkpoints), sum("checkpointsPassed"), true
      FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(trajectories) <> 0`;
      return true;
    },
    { timeout: 60_000 },
  );
}

let running: Promise<boolean> | null = null;

/**
 * Called by dashboard reads (without waiting): compacts when at least
 * `threshold` deltas have piled up (counted through the index on
 * `compacted`). The read's figures are exact either way. Resolves to whether
 * a compaction ran.
 */
export async function compactCellsIfGrown(threshold = COMPACT_AFTER_DELTAS): Promise<boolean> {
  if (running) return false;
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT (SELECT count(*) FROM (SELECT 1 FROM "DashboardCell" WHERE NOT compacted LIMIT ${threshold}) a)::int
         + (SELECT count(*) FROM (SELECT 1 FROM "DashboardCardCell" WHERE NOT compacted LIMIT ${threshold}) b)::int AS n`;
  if (n < threshold || running) return false;
  running = compactDashboardCells()
    .catch((err: unknown) => {
      console.error('dashboard cell compaction failed', err);
      return false;
    })
    .finally(() => (running = null));
  return running;
}

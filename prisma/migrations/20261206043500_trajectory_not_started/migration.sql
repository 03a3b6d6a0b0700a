-- A run that never started (issue 42: TheAgentCompany runs scored 0 of 0, the environment failed before the
-- agent acted) is imported as such and counted apart: not a failed run in the pass rates, not a
-- run-level item to diagnose (trajectory_summary_recount leaves it out of the run-level key), and the dashboard
-- cube counts it in its own column instead of `trajectories`.

-- AlterTable
ALTER TABLE "DashboardCell" ADD COLUMN     "notStarted" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "notStarted" BOOLEAN NOT NULL DEFAULT false;

-- As in run_level_diagnosis, except that a run that never started is no run-level item.
CREATE OR REPLACE FUNCTION "trajectory_summary_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d, "failedCheckpoints" = s.f
  FROM (
    SELECT g.id, g.n, g.p, g.d + (g.run AND ra.authors IS NOT NULL)::int AS d,
           g.f || CASE WHEN g.run
                   THEN jsonb_build_array(jsonb_build_object('key', '@run', 'name', 'The run as a whole', 'submitters', coalesce(ra.authors, '[]'::jsonb)))
                   ELSE '[]'::jsonb END AS f
    FROM (
      SELECT u.id, count(cr.id)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
             (count(*) FILTER (WHERE NOT cr.passed AND sd.authors IS NOT NULL))::int AS d,
             coalesce(jsonb_agg(jsonb_build_object('key', tc.key, 'name', tc.name, 'submitters', coalesce(sd.authors, '[]'))
                                ORDER BY tc.position) FILTER (WHERE NOT cr.passed), '[]') AS f,
             (NOT tr.passed AND NOT tr."notStarted" AND count(*) FILTER (WHERE NOT cr.passed) = 0) AS run
      FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
      JOIN "Trajectory" tr ON tr.id = u.id
      LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
      LEFT JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
      LEFT JOIN LATERAL (
        SELECT jsonb_agg(d."authorId" ORDER BY d."authorId" COLLATE "C") AS authors FROM "Diagnosis" d
        WHERE NOT cr.passed AND d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED'
      ) sd ON true
      GROUP BY u.id, tr.passed, tr."notStarted"
    ) g
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(d."authorId" ORDER BY d."authorId" COLLATE "C") AS authors FROM "Diagnosis" d
      WHERE g.run AND d."runTrajectoryId" = g.id AND d.status = 'SUBMITTED'
    ) ra ON true
  ) s
  WHERE t.id = s.id
    AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount", t."failedCheckpoints") IS DISTINCT FROM (s.n, s.p, s.d, s.f)
$$;

-- As in run_level_diagnosis, with a run that never started counted in "notStarted" and not in
-- trajectories (so neither in the task pass rate nor among failed runs): it has no checkpoint results,
-- so the checkpoint figures and card impact are unchanged by leaving it out of the card cube too.
-- Trajectory."notStarted" is set at import and never changes, so dashboard_cells_trigger needs no change.
CREATE OR REPLACE FUNCTION "dashboard_cells_add"(rows "Trajectory"[], sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel", "notStarted")
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*) FILTER (WHERE NOT x."notStarted"), sign * count(*) FILTER (WHERE x.passed AND NOT x."notStarted"),
         sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount"),
         sign * count(*) FILTER (WHERE x."failedCheckpoints" @> '[{"key": "@run"}]'),
         sign * count(*) FILTER (WHERE x."notStarted")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE NOT x."notStarted" AND c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- Backfill the runs imported as not started (Trajectory.metadata.not_started, lib/import/adapters/types.ts):
-- no longer run-level items nor pending (they hold no checkpoint result to diagnose).
ALTER TABLE "Trajectory" DISABLE TRIGGER USER;
UPDATE "Trajectory" SET "notStarted" = true WHERE metadata @> '{"not_started": true}';
ALTER TABLE "Trajectory" ENABLE TRIGGER USER;
SELECT "trajectory_summary_recount"(ARRAY(SELECT id FROM "Trajectory" WHERE "notStarted"));
UPDATE "Trajectory" SET "pendingCount" = 0 WHERE "notStarted" AND "failedCheckpoints" = '[]' AND "pendingCount" <> 0;

-- Rebuild the pass-rate cube with the not-started runs counted apart (compacted: one row per key).
DELETE FROM "DashboardCell";
INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel", "notStarted", compacted)
SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
       count(*) FILTER (WHERE NOT x."notStarted"), count(*) FILTER (WHERE x.passed AND NOT x."notStarted"),
       sum(x."checkpointCount"), sum(x."checkpointsPassed"), sum(x."diagnosedCount"),
       count(*) FILTER (WHERE x."failedCheckpoints" @> '[{"key": "@run"}]'), count(*) FILTER (WHERE x."notStarted"), true
FROM "Trajectory" x JOIN "Task" k ON k.id = x."taskId"
GROUP BY 1, 2, 3, 4, 5, 6;

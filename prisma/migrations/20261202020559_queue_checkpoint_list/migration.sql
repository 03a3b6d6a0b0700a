-- The queue's failed-checkpoint list per trajectory (lib/queue/list-queue.ts).
-- Every queue row shows the failed checkpoints still open to the caller. While
-- no failed checkpoint of a trajectory has a submitted diagnosis
-- ("diagnosedCount" = 0, most of a queue), that list is simply all of them, so
-- it is kept here as [{ key, name }] in checkpoint order and the queue page
-- reads it with the row instead of scanning checkpoint results, their task
-- checkpoints and diagnoses for every row (half of the page statement's time
-- at 100k trajectories).
--
-- It is written by the summary recount that already runs in the writing
-- transaction of every CheckpointResult and Diagnosis statement
-- (dashboard_summary migration), so every write path keeps it exact at commit.
-- Task checkpoints (key, name, position) never change once imported.

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "failedCheckpoints" JSONB NOT NULL DEFAULT '[]';

-- The recount, now with the list.
CREATE OR REPLACE FUNCTION "trajectory_summary_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d, "failedCheckpoints" = s.f
  FROM (
    SELECT u.id, count(cr.id)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
           (count(*) FILTER (WHERE NOT cr.passed AND EXISTS (
             SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED')))::int AS d,
           coalesce(jsonb_agg(jsonb_build_object('key', tc.key, 'name', tc.name) ORDER BY tc.position) FILTER (WHERE NOT cr.passed), '[]') AS f
    FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
    LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
    LEFT JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
    GROUP BY u.id
  ) s
  WHERE t.id = s.id
    AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount", t."failedCheckpoints") IS DISTINCT FROM (s.n, s.p, s.d, s.f)
$$;

-- Backfill what is already imported.
UPDATE "Trajectory" t SET "failedCheckpoints" = s.f
FROM (
  SELECT cr."trajectoryId", jsonb_agg(jsonb_build_object('key', tc.key, 'name', tc.name) ORDER BY tc.position) AS f
  FROM "CheckpointResult" cr JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
  WHERE NOT cr.passed
  GROUP BY cr."trajectoryId"
) s
WHERE t.id = s."trajectoryId";

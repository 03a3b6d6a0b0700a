-- Whole-run failures (issue 39 item 1): a run that failed without a failed checkpoint result (τ²-bench
-- max_steps / too_many_errors carry no checkpoint results, some failed runs pass every recorded check)
-- becomes one run-level item: queued, diagnosed as a whole (Diagnosis."runTrajectoryId"), adjudicated,
-- counted in coverage. The item rides on the trajectory's failed-checkpoint list as an entry with key
-- '@run' (lib/diagnosis/run-target.ts), so the queue, pendingCount, overlap k and "open to this user"
-- (lib/queue/open-checkpoints.ts) treat it like one more failed checkpoint without a second code path.

-- AlterTable
ALTER TABLE "Adjudication" ADD COLUMN     "runTrajectoryId" TEXT,
ALTER COLUMN "checkpointResultId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "DashboardCell" ADD COLUMN     "runLevel" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Diagnosis" ADD COLUMN     "runTrajectoryId" TEXT,
ALTER COLUMN "checkpointResultId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_runTrajectoryId_key" ON "Adjudication"("runTrajectoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Diagnosis_runTrajectoryId_authorId_key" ON "Diagnosis"("runTrajectoryId", "authorId");

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_runTrajectoryId_fkey" FOREIGN KEY ("runTrajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Exactly one target: a checkpoint result or the run (and the run is the diagnosis's own trajectory).
ALTER TABLE "Diagnosis" ADD CONSTRAINT "Diagnosis_one_target" CHECK (
  ("checkpointResultId" IS NULL) <> ("runTrajectoryId" IS NULL)
  AND ("runTrajectoryId" IS NULL OR "runTrajectoryId" = "trajectoryId"));
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_one_target" CHECK (
  ("checkpointResultId" IS NULL) <> ("runTrajectoryId" IS NULL));

-- As in queue_checkpoint_submitters, plus the run-level entry: a failed run none of whose checkpoint
-- results failed gets [{ key: '@run', name, submitters }] (the authors of its submitted run-level
-- diagnoses), and a submitted one counts in "diagnosedCount" like a diagnosed checkpoint.
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
             (NOT tr.passed AND count(*) FILTER (WHERE NOT cr.passed) = 0) AS run
      FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
      JOIN "Trajectory" tr ON tr.id = u.id
      LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
      LEFT JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
      LEFT JOIN LATERAL (
        SELECT jsonb_agg(d."authorId" ORDER BY d."authorId" COLLATE "C") AS authors FROM "Diagnosis" d
        WHERE NOT cr.passed AND d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED'
      ) sd ON true
      GROUP BY u.id, tr.passed
    ) g
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(d."authorId" ORDER BY d."authorId" COLLATE "C") AS authors FROM "Diagnosis" d
      WHERE g.run AND d."runTrajectoryId" = g.id AND d.status = 'SUBMITTED'
    ) ra ON true
  ) s
  WHERE t.id = s.id
    AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount", t."failedCheckpoints") IS DISTINCT FROM (s.n, s.p, s.d, s.f)
$$;

-- A run with no checkpoint result at all never fires the CheckpointResult triggers: a new failed run is
-- recounted when inserted (its checkpoint results, written next, recount it again), and so is a run whose
-- outcome changes. A new run-level item is pending (under any overlap k: nobody has diagnosed it yet), so
-- it is queued as an import writes it, whatever pendingCount the writer computed from failed checkpoints.
CREATE FUNCTION "trajectory_run_level_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT id FROM new_rows WHERE NOT passed);
  ELSE
    ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.passed IS DISTINCT FROM n.passed);
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM "trajectory_summary_recount"(ids);
  IF TG_OP = 'INSERT' THEN
    UPDATE "Trajectory" SET "pendingCount" = 1
    WHERE id = ANY(ids) AND "pendingCount" = 0 AND "failedCheckpoints" @> '[{"key": "@run"}]';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "Trajectory_run_level_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_run_level_trigger"();
CREATE TRIGGER "Trajectory_run_level_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_run_level_trigger"();

-- As in dashboard_card_cell_agent, with the run-level items counted per cell.
CREATE OR REPLACE FUNCTION "dashboard_cells_add"(rows "Trajectory"[], sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel")
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * count(*) FILTER (WHERE x.passed), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount"),
         sign * count(*) FILTER (WHERE x."failedCheckpoints" @> '[{"key": "@run"}]')
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- A row that becomes (or stops being) a run-level item changes its cell too.
CREATE OR REPLACE FUNCTION "dashboard_cells_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o), -1);
  ELSE
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o."taskId", o.model, o.agent, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount", o."failedCheckpoints" @> '[{"key": "@run"}]') IS DISTINCT FROM (n."taskId", n.model, n.agent, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount", n."failedCheckpoints" @> '[{"key": "@run"}]')), -1);
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o."taskId", o.model, o.agent, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount", o."failedCheckpoints" @> '[{"key": "@run"}]') IS DISTINCT FROM (n."taskId", n.model, n.agent, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount", n."failedCheckpoints" @> '[{"key": "@run"}]')), 1);
  END IF;
  RETURN NULL;
END
$$;

-- Backfill: every failed run without a failed checkpoint result becomes a run-level item, pending.
SELECT "trajectory_summary_recount"(ARRAY(SELECT id FROM "Trajectory" WHERE NOT passed AND "failedCheckpoints" = '[]'));
UPDATE "Trajectory" SET "pendingCount" = 1 WHERE "pendingCount" = 0 AND "failedCheckpoints" @> '[{"key": "@run"}]';

-- Rebuild the pass-rate cube with the run-level counts (compacted: one row per key).
DELETE FROM "DashboardCell";
INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel", compacted)
SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
       count(*), count(*) FILTER (WHERE x.passed), sum(x."checkpointCount"), sum(x."checkpointsPassed"), sum(x."diagnosedCount"),
       count(*) FILTER (WHERE x."failedCheckpoints" @> '[{"key": "@run"}]'), true
FROM "Trajectory" x JOIN "Task" k ON k.id = x."taskId"
GROUP BY 1, 2, 3, 4, 5, 6;

-- Trajectory summary: keep each trajectory's "checkpointCount",
-- "checkpointsPassed", "diagnosedCount" and "failedCheckpoints" exact.
--
-- The queue, the task pass rates and the dashboard read them from the row
-- instead of counting checkpoint results and diagnoses on every request
-- (docs/database.md#denormalised-columns-and-tables-and-why).
-- "failedCheckpoints" is [{ key, name, submitters }] in checkpoint order: each
-- queue row's open checkpoints and "open to this user" come from the row alone.
-- A failed run with no failed checkpoint result (and that did start) is one
-- run-level item, an entry with key '@run' (lib/trajectories/run-target.ts).
--
-- Statement-level triggers on "CheckpointResult" and "Diagnosis" recount the
-- trajectories a statement touched, after locking them in id order: under
-- READ COMMITTED the recount then runs with a snapshot taken after every other
-- writer of those trajectories committed, so two annotators submitting at once
-- cannot both count "one". A draft autosave (neither status nor target
-- changed) neither locks nor recounts. A run with no checkpoint result never
-- fires those triggers, so the ones on "Trajectory" recount a new failed run,
-- or a run whose outcome changes, and queue a new run-level item.

-- Recounts the given trajectories (one without results gets zeros). Writes only
-- rows whose summary changes, so an autosave touches nothing.
CREATE OR REPLACE FUNCTION trajectory_summary_recount(ids text[]) RETURNS void LANGUAGE sql AS $$
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

-- The trajectories a statement on "CheckpointResult" or "Diagnosis" touched;
-- a row moved to another trajectory recounts both.
CREATE OR REPLACE FUNCTION trajectory_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT "trajectoryId" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT "trajectoryId" FROM old_rows);
  ELSIF TG_TABLE_NAME = 'Diagnosis' THEN
    -- Only a changed status or target counts: a draft autosave neither locks nor recounts.
    ids := ARRAY(SELECT x FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n."trajectoryId"), (o."trajectoryId")) v(x)
                 WHERE (o.status, o."checkpointResultId", o."trajectoryId") IS DISTINCT FROM (n.status, n."checkpointResultId", n."trajectoryId"));
  ELSE
    ids := ARRAY(SELECT x FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n."trajectoryId"), (o."trajectoryId")) v(x)
                 WHERE (o.passed, o."trajectoryId") IS DISTINCT FROM (n.passed, n."trajectoryId"));
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "Trajectory" WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  PERFORM "trajectory_summary_recount"(ids);
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "CheckpointResult_summary_delete" AFTER DELETE ON "CheckpointResult"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();
CREATE OR REPLACE TRIGGER "CheckpointResult_summary_insert" AFTER INSERT ON "CheckpointResult"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();
CREATE OR REPLACE TRIGGER "CheckpointResult_summary_update" AFTER UPDATE ON "CheckpointResult"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();
CREATE OR REPLACE TRIGGER "Diagnosis_summary_delete" AFTER DELETE ON "Diagnosis"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();
CREATE OR REPLACE TRIGGER "Diagnosis_summary_insert" AFTER INSERT ON "Diagnosis"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();
CREATE OR REPLACE TRIGGER "Diagnosis_summary_update" AFTER UPDATE ON "Diagnosis"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_summary_trigger();

-- A new failed run, or a run whose outcome changed, is recounted (its
-- checkpoint results, written next, recount it again); a new run-level item is
-- pending under any overlap k, whatever pendingCount the writer computed.
CREATE OR REPLACE FUNCTION trajectory_run_level_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "Trajectory_run_level_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_run_level_trigger();
CREATE OR REPLACE TRIGGER "Trajectory_run_level_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION trajectory_run_level_trigger();

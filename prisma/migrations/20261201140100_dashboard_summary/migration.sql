-- Dashboard summary (lib/dashboard/): per-trajectory counts of checkpoint
-- results, passed results and failed results with a submitted diagnosis, so
-- pass rates, coverage and card impact aggregate 100k trajectory rows instead
-- of joining 300k+ checkpoint results and their diagnoses on every view.
--
-- The counts are kept by statement-level triggers on CheckpointResult and
-- Diagnosis that recount the touched trajectories in the writing transaction:
-- every write path (the import's bulk INSERT … unnest, Prisma, seeds, cascading
-- deletes) keeps them exact at commit, and a rolled-back write rolls them back.
-- Recounting (rather than adding deltas) makes them idempotent and correct for
-- any mix of rows in one statement. Prisma never writes these columns.

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN "checkpointCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "checkpointsPassed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "diagnosedCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Trajectory_memoryCardIds_idx" ON "Trajectory" USING GIN ("memoryCardIds");

-- Recounts the given trajectories (a trajectory without results gets zeros).
-- Writes only rows whose counts change, so an autosave touches nothing.
-- Function bodies are E'' strings with \073 for semicolons: Prisma's migration
-- runner splits the script at every semicolon, even inside $$ blocks.
CREATE FUNCTION "trajectory_summary_recount"(ids text[]) RETURNS void LANGUAGE sql AS E'
  UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d
  FROM (
    SELECT u.id, count(cr.id)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
           (count(*) FILTER (WHERE NOT cr.passed AND EXISTS (
             SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = cr.id AND d.status = ''SUBMITTED'')))::int AS d
    FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
    LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
    GROUP BY u.id
  ) s
  WHERE t.id = s.id AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount") IS DISTINCT FROM (s.n, s.p, s.d)
';

-- One trigger function for both tables (each has "trajectoryId"). Transition
-- tables hold the statement's rows, and a row moved to another trajectory recounts both.
-- The touched trajectories are locked (in id order) before the recount: under
-- READ COMMITTED the recount then runs with a snapshot taken after every other
-- writer of those trajectories committed, so two annotators submitting at once
-- cannot both count "one" and leave the total one short.
CREATE FUNCTION "trajectory_summary_trigger"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE ids text[]\073
BEGIN
  IF TG_OP = ''INSERT'' THEN
    ids := ARRAY(SELECT DISTINCT "trajectoryId" FROM new_rows)\073
  ELSIF TG_OP = ''DELETE'' THEN
    ids := ARRAY(SELECT DISTINCT "trajectoryId" FROM old_rows)\073
  ELSE
    ids := ARRAY(SELECT "trajectoryId" FROM new_rows UNION SELECT "trajectoryId" FROM old_rows)\073
  END IF\073
  PERFORM 1 FROM "Trajectory" WHERE id = ANY(ids) ORDER BY id FOR UPDATE\073
  PERFORM "trajectory_summary_recount"(ids)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "CheckpointResult_summary_insert" AFTER INSERT ON "CheckpointResult"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();
CREATE TRIGGER "CheckpointResult_summary_update" AFTER UPDATE ON "CheckpointResult"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();
CREATE TRIGGER "CheckpointResult_summary_delete" AFTER DELETE ON "CheckpointResult"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();
CREATE TRIGGER "Diagnosis_summary_insert" AFTER INSERT ON "Diagnosis"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();
CREATE TRIGGER "Diagnosis_summary_update" AFTER UPDATE ON "Diagnosis"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();
CREATE TRIGGER "Diagnosis_summary_delete" AFTER DELETE ON "Diagnosis"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trajectory_summary_trigger"();

-- Backfill what is already imported.
UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d
FROM (
  SELECT cr."trajectoryId", count(*)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
         (count(*) FILTER (WHERE NOT cr.passed AND EXISTS (
           SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED')))::int AS d
  FROM "CheckpointResult" cr GROUP BY cr."trajectoryId"
) s
WHERE t.id = s."trajectoryId";

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
CREATE FUNCTION "trajectory_summary_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d
  FROM (
    SELECT u.id, count(cr.id)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
           (count(*) FILTER (WHERE NOT cr.passed AND EXISTS (
             SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED')))::int AS d
    FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
    LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
    GROUP BY u.id
  ) s
  WHERE t.id = s.id AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount") IS DISTINCT FROM (s.n, s.p, s.d)
$$;

-- One trigger function for both tables (each has "trajectoryId"). Transition
-- tables hold the statement's rows, and a row moved to another trajectory recounts both.
-- The touched trajectories are locked (in id order) before the recount: under
-- READ COMMITTED the recount then runs with a snapshot taken after every other
-- writer of those trajectories committed, so two annotators submitting at once
-- cannot both count "one" and leave the total one short.
CREATE FUNCTION "trajectory_summary_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- Dashboard cubes: trajectory counts per (benchmark, ability, model, release,
-- import day), and per injected card too. A statement-level trigger on
-- Trajectory writes signed delta rows (minus the old row, plus the new one) in
-- the writing transaction, insert-only, so concurrent imports never lock a
-- shared row. Readers sum rows per key, exact at every commit.
-- lib/dashboard/compact-cells.ts merges deltas into one "compacted" row per key.

-- CreateTable
CREATE TABLE "DashboardCell" (
    "id" BIGSERIAL NOT NULL,
    "benchmark" TEXT NOT NULL,
    "ability" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "release" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "trajectories" INTEGER NOT NULL,
    "tasksPassed" INTEGER NOT NULL,
    "checkpoints" INTEGER NOT NULL,
    "checkpointsPassed" INTEGER NOT NULL,
    "diagnosed" INTEGER NOT NULL,
    "compacted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DashboardCell_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DashboardCardCell" (
    "id" BIGSERIAL NOT NULL,
    "card" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "ability" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "release" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "trajectories" INTEGER NOT NULL,
    "checkpoints" INTEGER NOT NULL,
    "checkpointsPassed" INTEGER NOT NULL,
    "compacted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DashboardCardCell_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DashboardCell_benchmark_ability_model_release_day_idx" ON "DashboardCell"("benchmark", "ability", "model", "release", "day");

-- CreateIndex
CREATE INDEX "DashboardCell_compacted_idx" ON "DashboardCell"("compacted");

-- CreateIndex
CREATE INDEX "DashboardCardCell_card_idx" ON "DashboardCardCell"("card");

-- CreateIndex
CREATE INDEX "DashboardCardCell_compacted_idx" ON "DashboardCardCell"("compacted");

-- Adds (sign 1) or subtracts (sign -1) trajectory rows to both cubes. A card
-- listed twice in one trajectory counts once (its first occurrence).
CREATE FUNCTION "dashboard_cells_add"(rows "Trajectory"[], sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed)
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * count(*) FILTER (WHERE x.passed), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6
$$;

-- An UPDATE counts only rows whose cube keys or counts changed (a queue
-- recount of pendingCount, a claim, writes no delta).
CREATE FUNCTION "dashboard_cells_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o), -1);
  ELSE
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o."taskId", o.model, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount") IS DISTINCT FROM (n."taskId", n.model, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount")), -1);
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o."taskId", o.model, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount") IS DISTINCT FROM (n."taskId", n.model, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount")), 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Trajectory_cells_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_cells_trigger"();
CREATE TRIGGER "Trajectory_cells_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_cells_trigger"();
CREATE TRIGGER "Trajectory_cells_delete" AFTER DELETE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_cells_trigger"();

-- A deleted task takes its trajectories first, while the task is still there
-- to name their benchmark and ability in the cube's subtraction.
CREATE FUNCTION "dashboard_task_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "Trajectory" WHERE "taskId" = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER "Task_cells_delete" BEFORE DELETE ON "Task" FOR EACH ROW EXECUTE FUNCTION "dashboard_task_delete"();

-- Backfill what is already imported (the counts above are filled by now).
SELECT "dashboard_cells_add"(ARRAY(SELECT t FROM "Trajectory" t), 1);
UPDATE "DashboardCell" SET compacted = true;
UPDATE "DashboardCardCell" SET compacted = true;

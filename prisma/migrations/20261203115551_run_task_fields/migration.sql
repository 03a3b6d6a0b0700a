-- The task's benchmark and external id on the run itself, as the queue's
-- trajectories carry theirs (queue_task_fields). The runs list and the review
-- inbox showed every row's task label through a join to "Task": 25 primary-key
-- look-ups a page, about half of the runs list's PostgreSQL time under load
-- (0.5 of 0.9-1.0 ms per request at 100k trajectories, bench:api).
--
-- Triggers keep them exact on every write path: a run copies them from its
-- task when it is inserted or moved to another task (ON DELETE SET NULL of
-- the task clears them too), and a task that changes them passes its new
-- values to its runs in the same transaction. Prisma never writes them.

-- AlterTable
ALTER TABLE "ReflectionRun" ADD COLUMN     "taskBenchmark" TEXT,
ADD COLUMN     "taskExternalId" TEXT;

CREATE FUNCTION "run_task_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."taskBenchmark" := NULL;
  NEW."taskExternalId" := NULL;
  SELECT k.benchmark, k."externalId" INTO NEW."taskBenchmark", NEW."taskExternalId"
    FROM "Task" k WHERE k.id = NEW."taskId";
  RETURN NEW;
END
$$;

CREATE FUNCTION "task_fields_to_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ReflectionRun" SET "taskBenchmark" = NEW.benchmark, "taskExternalId" = NEW."externalId"
   WHERE "taskId" = NEW.id;
  RETURN NULL;
END
$$;

-- Backfill the runs that exist (before the triggers: nothing else to fire).
UPDATE "ReflectionRun" r SET "taskBenchmark" = k.benchmark, "taskExternalId" = k."externalId"
  FROM "Task" k WHERE k.id = r."taskId";

CREATE TRIGGER "ReflectionRun_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "ReflectionRun"
  FOR EACH ROW EXECUTE FUNCTION "run_task_fields"();
CREATE TRIGGER "Task_fields_to_runs" AFTER UPDATE OF benchmark, "externalId" ON "Task"
  FOR EACH ROW
  WHEN ((OLD.benchmark, OLD."externalId") IS DISTINCT FROM (NEW.benchmark, NEW."externalId"))
  EXECUTE FUNCTION "task_fields_to_runs"();

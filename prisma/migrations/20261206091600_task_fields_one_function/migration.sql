-- A trajectory and a run take their task's fields through one function, task_fields_from_task,
-- and a changed task passes them on through one trigger, "Task_fields_to_copies"
-- (prisma/sql/task-fields.sql). Defined here before the old ones are dropped, so no write
-- misses its copy while a database upgrades. Same text as the file.

CREATE OR REPLACE FUNCTION task_fields_from_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'Trajectory' THEN
    SELECT k.benchmark, k.ability, k."externalId", "instruction_excerpt"(k.instruction)
      INTO NEW.benchmark, NEW.ability, NEW."taskExternalId", NEW."instructionExcerpt"
      FROM "Task" k WHERE k.id = NEW."taskId";
  ELSE
    SELECT k.benchmark, k."externalId" INTO NEW."taskBenchmark", NEW."taskExternalId"
      FROM "Task" k WHERE k.id = NEW."taskId";
  END IF;
  RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER "Trajectory_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "Trajectory"
  FOR EACH ROW
  EXECUTE FUNCTION task_fields_from_task();
CREATE OR REPLACE TRIGGER "ReflectionRun_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "ReflectionRun"
  FOR EACH ROW
  EXECUTE FUNCTION task_fields_from_task();

-- A task that changes its fields passes them on to its trajectories and, for
-- the two that runs carry, to its runs.
CREATE OR REPLACE FUNCTION task_fields_to_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Trajectory"
     SET benchmark = NEW.benchmark, ability = NEW.ability, "taskExternalId" = NEW."externalId",
         "instructionExcerpt" = "instruction_excerpt"(NEW.instruction)
   WHERE "taskId" = NEW.id;
  IF (OLD.benchmark, OLD."externalId") IS DISTINCT FROM (NEW.benchmark, NEW."externalId") THEN
    UPDATE "ReflectionRun" SET "taskBenchmark" = NEW.benchmark, "taskExternalId" = NEW."externalId"
     WHERE "taskId" = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "Task_fields_to_copies" AFTER UPDATE OF benchmark, ability, "externalId", instruction ON "Task"
  FOR EACH ROW
  WHEN ((OLD.benchmark, OLD.ability, OLD."externalId", OLD.instruction) IS DISTINCT FROM (NEW.benchmark, NEW.ability, NEW."externalId", NEW.instruction))
  EXECUTE FUNCTION task_fields_to_copies();

DROP TRIGGER IF EXISTS "Task_fields_to_trajectories" ON "Task";
DROP TRIGGER IF EXISTS "Task_fields_to_runs" ON "Task";
DROP FUNCTION IF EXISTS trajectory_task_fields();
DROP FUNCTION IF EXISTS run_task_fields();
DROP FUNCTION IF EXISTS task_fields_to_trajectories();
DROP FUNCTION IF EXISTS task_fields_to_runs();

-- Task fields: copy the task's benchmark, ability, external id and
-- instruction excerpt onto its trajectories, and its benchmark and external id
-- onto its reflection runs.
--
-- The queue, the runs list and the review inbox read one table without
-- joining "Task" per row (docs/database.md#denormalised-columns-and-tables-and-why).
-- A row takes its task's fields when it is inserted or moved to another task
-- (ON DELETE SET NULL of the task clears a run's), and a task that changes them
-- passes its new values on in the same transaction. Prisma never writes them.

CREATE OR REPLACE FUNCTION instruction_excerpt(instruction text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(instruction) > 160
              THEN regexp_replace(left(instruction, 160), '[[:space:]]+$', '') || chr(8230)
              ELSE instruction END
$$;

CREATE OR REPLACE FUNCTION trajectory_task_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT k.benchmark, k.ability, k."externalId", "instruction_excerpt"(k.instruction)
    INTO NEW.benchmark, NEW.ability, NEW."taskExternalId", NEW."instructionExcerpt"
    FROM "Task" k WHERE k.id = NEW."taskId";
  RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER "Trajectory_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "Trajectory"
  FOR EACH ROW
  EXECUTE FUNCTION trajectory_task_fields();

CREATE OR REPLACE FUNCTION task_fields_to_trajectories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Trajectory"
     SET benchmark = NEW.benchmark, ability = NEW.ability, "taskExternalId" = NEW."externalId",
         "instructionExcerpt" = "instruction_excerpt"(NEW.instruction)
   WHERE "taskId" = NEW.id;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "Task_fields_to_trajectories" AFTER UPDATE OF benchmark, ability, "externalId", instruction ON "Task"
  FOR EACH ROW
  WHEN ((OLD.benchmark, OLD.ability, OLD."externalId", OLD.instruction) IS DISTINCT FROM (NEW.benchmark, NEW.ability, NEW."externalId", NEW.instruction))
  EXECUTE FUNCTION task_fields_to_trajectories();

CREATE OR REPLACE FUNCTION run_task_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."taskBenchmark" := NULL;
  NEW."taskExternalId" := NULL;
  SELECT k.benchmark, k."externalId" INTO NEW."taskBenchmark", NEW."taskExternalId"
    FROM "Task" k WHERE k.id = NEW."taskId";
  RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER "ReflectionRun_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "ReflectionRun"
  FOR EACH ROW
  EXECUTE FUNCTION run_task_fields();

CREATE OR REPLACE FUNCTION task_fields_to_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ReflectionRun" SET "taskBenchmark" = NEW.benchmark, "taskExternalId" = NEW."externalId"
   WHERE "taskId" = NEW.id;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "Task_fields_to_runs" AFTER UPDATE OF benchmark, "externalId" ON "Task"
  FOR EACH ROW
  WHEN ((OLD.benchmark, OLD."externalId") IS DISTINCT FROM (NEW.benchmark, NEW."externalId"))
  EXECUTE FUNCTION task_fields_to_runs();

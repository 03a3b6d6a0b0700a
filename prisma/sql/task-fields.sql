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

-- A trajectory or run takes its task's fields as it is written (no task: nulls).
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

-- The task's fields a queue row shows and filters on, on the trajectory
-- itself (lib/queue/list-queue.ts). A queue page joined every row to its task
-- for the benchmark, ability, external id and an excerpt of the instruction,
-- and the filters and overlap k read the task too: at 100k trajectories that
-- join was a third of the page statement's PostgreSQL time (~440 → ~325 µs).
-- With the fields here the page, its claim sizes, its count and "take next"
-- read the trajectory rows alone.
--
-- Triggers keep them exact on every write path (the import's bulk INSERT …
-- unnest, Prisma, seeds): a trajectory copies them from its task when it is
-- inserted or moved to another task, and a task that changes passes its new
-- values to its trajectories in the same transaction. Prisma never writes them.

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "ability" TEXT,
ADD COLUMN     "benchmark" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "instructionExcerpt" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "taskExternalId" TEXT NOT NULL DEFAULT '';

-- Lists send rows, not documents: a τ²-bench scenario runs to kilobytes. A
-- queue row shows one line of it and the rest of the excerpt as its tooltip.
-- The first 160 characters, trailing whitespace dropped, then "…" (chr 8230),
-- a shorter instruction whole.
CREATE FUNCTION "instruction_excerpt"(instruction text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(instruction) > 160
              THEN regexp_replace(left(instruction, 160), '[[:space:]]+$', '') || chr(8230)
              ELSE instruction END
$$;

CREATE FUNCTION "trajectory_task_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT k.benchmark, k.ability, k."externalId", "instruction_excerpt"(k.instruction)
    INTO NEW.benchmark, NEW.ability, NEW."taskExternalId", NEW."instructionExcerpt"
    FROM "Task" k WHERE k.id = NEW."taskId";
  RETURN NEW;
END
$$;

CREATE FUNCTION "task_fields_to_trajectories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Trajectory"
     SET benchmark = NEW.benchmark, ability = NEW.ability, "taskExternalId" = NEW."externalId",
         "instructionExcerpt" = "instruction_excerpt"(NEW.instruction)
   WHERE "taskId" = NEW.id;
  RETURN NULL;
END
$$;

-- Backfill what is already imported (before the triggers exist: nothing else to fire).
UPDATE "Trajectory" t
   SET benchmark = k.benchmark, ability = k.ability, "taskExternalId" = k."externalId",
       "instructionExcerpt" = "instruction_excerpt"(k.instruction)
  FROM "Task" k WHERE k.id = t."taskId";

CREATE TRIGGER "Trajectory_task_fields" BEFORE INSERT OR UPDATE OF "taskId" ON "Trajectory"
  FOR EACH ROW EXECUTE FUNCTION "trajectory_task_fields"();
CREATE TRIGGER "Task_fields_to_trajectories" AFTER UPDATE OF benchmark, ability, "externalId", instruction ON "Task"
  FOR EACH ROW
  WHEN ((OLD.benchmark, OLD.ability, OLD."externalId", OLD.instruction) IS DISTINCT FROM (NEW.benchmark, NEW.ability, NEW."externalId", NEW.instruction))
  EXECUTE FUNCTION "task_fields_to_trajectories"();

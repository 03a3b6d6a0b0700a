-- The task list's runs per task (lib/tasks/ordered-tasks.ts), kept on the
-- task. A page of 25 tasks grouped each task's trajectories by model, agent
-- and outcome on every request (25 subqueries, ~100 groups): half of the
-- statement's PostgreSQL time at 100k trajectories. Here they are one value
-- per task: [models, agents, passed, counts, checkpoints passed, checkpoint
-- results], one JSON array per field in the same group order, all null for a
-- task without trajectories.
--
-- Statement-level triggers on Trajectory recount the groups of the tasks a
-- statement touched (inserted or deleted trajectories, a changed task, model,
-- agent, outcome or checkpoint counter — the counters change when checkpoint
-- results are written, through the summary recount), in the writing
-- transaction, so every write path keeps them exact at commit. As with the
-- trajectory summary, the tasks are locked in id order first, so two writers
-- of one task recount one after the other and the second sees the first's rows.
-- FOR NO KEY UPDATE does not conflict with the key-share locks that inserting
-- a trajectory takes on its task. Prisma never writes the column.

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "runGroups" JSON NOT NULL DEFAULT '[null, null, null, null, null, null]';

CREATE FUNCTION "task_run_groups_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Task" k SET "runGroups" = s.groups
  FROM (
    SELECT u.id, (
      SELECT json_build_array(array_agg(g.model), array_agg(g.agent), array_agg(g.passed), array_agg(g.n), array_agg(g.cp_passed), array_agg(g.cp_total))
      FROM (SELECT tr.model, tr.agent, tr.passed, count(*)::int AS n,
                   sum(tr."checkpointsPassed")::int AS cp_passed, sum(tr."checkpointCount")::int AS cp_total
            FROM "Trajectory" tr WHERE tr."taskId" = u.id GROUP BY 1, 2, 3) g) AS groups
    FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
  ) s
  WHERE k.id = s.id AND k."runGroups"::text IS DISTINCT FROM s.groups::text
$$;

CREATE FUNCTION "task_run_groups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT "taskId" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT "taskId" FROM old_rows);
  ELSE
    ids := ARRAY(SELECT DISTINCT x FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n."taskId"), (o."taskId")) v(x)
                 WHERE (o."taskId", o.model, o.agent, o.passed, o."checkpointsPassed", o."checkpointCount")
                       IS DISTINCT FROM (n."taskId", n.model, n.agent, n.passed, n."checkpointsPassed", n."checkpointCount"));
  END IF;
  -- A task whose own deletion removes its trajectories (dashboard_task_delete, below) is not recounted:
  -- writing the row its DELETE is about to remove would make that DELETE fail.
  ids := array_remove(ids, nullif(current_setting('console.deleting_task', true), ''));
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "Task" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM "task_run_groups_recount"(ids);
  RETURN NULL;
END
$$;

-- Deleting a task deletes its trajectories first (dashboard_summary migration): it now says which task
-- it is deleting, for the run-groups trigger above, and clears that again.
CREATE OR REPLACE FUNCTION "dashboard_task_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('console.deleting_task', OLD.id, true);
  DELETE FROM "Trajectory" WHERE "taskId" = OLD.id;
  PERFORM set_config('console.deleting_task', '', true);
  RETURN OLD;
END
$$;

-- Backfill what is already imported.
SELECT "task_run_groups_recount"(ARRAY(SELECT id FROM "Task"));

CREATE TRIGGER "Trajectory_run_groups_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_run_groups_trigger"();
CREATE TRIGGER "Trajectory_run_groups_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_run_groups_trigger"();
CREATE TRIGGER "Trajectory_run_groups_delete" AFTER DELETE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_run_groups_trigger"();

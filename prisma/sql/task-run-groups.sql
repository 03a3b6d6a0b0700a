-- Task run groups: keep "Task"."runGroups", the task list's runs per model,
-- agent and outcome (lib/tasks/ordered-tasks.ts).
--
-- One value per task: [models, agents, passed, counts, checkpoints passed,
-- checkpoint results], one JSON array per field in the same group order, all
-- null for a task without trajectories; the list reads it instead of grouping
-- every task's trajectories per request. Statement-level triggers on
-- "Trajectory" recount the tasks a statement touched (inserted or deleted
-- trajectories, a changed task, model, agent, outcome or checkpoint counter),
-- in the writing transaction. The tasks are locked in id order first, so two
-- writers of one task recount one after the other and the second sees the
-- first's rows; FOR NO KEY UPDATE does not conflict with the key-share lock
-- that inserting a trajectory takes on its task. While a task is deleted
-- (dashboard_task_delete, dashboard-cells.sql) its own recount is skipped.

-- Recounts the given tasks' groups; writes only tasks whose groups change.
CREATE OR REPLACE FUNCTION task_run_groups_recount(ids text[]) RETURNS void LANGUAGE sql AS $$
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

CREATE OR REPLACE FUNCTION task_run_groups_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- A task whose own deletion removes its trajectories (dashboard_task_delete, dashboard-cells.sql) is not recounted:
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
CREATE OR REPLACE TRIGGER "Trajectory_run_groups_delete" AFTER DELETE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION task_run_groups_trigger();
CREATE OR REPLACE TRIGGER "Trajectory_run_groups_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION task_run_groups_trigger();
CREATE OR REPLACE TRIGGER "Trajectory_run_groups_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION task_run_groups_trigger();

-- Dashboard cubes: keep "DashboardCell" and "DashboardCardCell" (the pass-rate
-- and card-impact figures) in step with "Trajectory".
--
-- The dashboard reads sums of these cells instead of aggregating trajectories
-- on every request (docs/database.md#dashboard-cubes). A statement-level
-- trigger on "Trajectory" writes signed delta rows (minus the old row, plus
-- the new one, grouped per key, only when a key or a count changed):
-- insert-only, so concurrent imports never wait on a shared row.
-- lib/dashboard/compact-cells.ts merges the deltas into one row per key.
-- A run that never started is counted in "notStarted", not in trajectories.

-- Adds (sign 1) or subtracts (sign -1) trajectory rows to both cubes. A card
-- listed twice in one trajectory counts once (its first occurrence).
CREATE OR REPLACE FUNCTION dashboard_cells_add(rows "Trajectory"[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, "runLevel", "notStarted")
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*) FILTER (WHERE NOT x."notStarted"), sign * count(*) FILTER (WHERE x.passed AND NOT x."notStarted"),
         sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount"),
         sign * count(*) FILTER (WHERE x."failedCheckpoints" @> '[{"key": "@run"}]'),
         sign * count(*) FILTER (WHERE x."notStarted")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE NOT x."notStarted" AND c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- An UPDATE counts only rows whose cube keys or counts changed (a queue
-- recount of pendingCount, a claim, writes no delta).
CREATE OR REPLACE FUNCTION dashboard_cells_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o), -1);
  ELSE
    -- Only a row whose key or counts changed moves: out of its old cell, into its new one.
    PERFORM "dashboard_cells_add"(old_moved, -1), "dashboard_cells_add"(new_moved, 1)
    FROM (
      SELECT array_agg(ROW(o.*)::"Trajectory") AS old_moved, array_agg(ROW(n.*)::"Trajectory") AS new_moved
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o."taskId", o.model, o.agent, o."memoryRelease",
             o."memoryCardIds", o."createdAt", o.passed,
             o."checkpointCount", o."checkpointsPassed", o."diagnosedCount",
             o."failedCheckpoints" @> '[{"key": "@run"}]')
      IS DISTINCT FROM (n."taskId", n.model, n.agent, n."memoryRelease",
             n."memoryCardIds", n."createdAt", n.passed,
             n."checkpointCount", n."checkpointsPassed", n."diagnosedCount",
             n."failedCheckpoints" @> '[{"key": "@run"}]')
      HAVING count(*) > 0
    ) moved;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "Trajectory_cells_delete" AFTER DELETE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION dashboard_cells_trigger();
CREATE OR REPLACE TRIGGER "Trajectory_cells_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION dashboard_cells_trigger();
CREATE OR REPLACE TRIGGER "Trajectory_cells_update" AFTER UPDATE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION dashboard_cells_trigger();

-- A deleted task takes its trajectories first, while the task is still there
-- to name their benchmark and ability in the cubes' subtraction. It says which
-- task it is deleting, so task_run_groups_trigger (task-run-groups.sql) skips it.
CREATE OR REPLACE FUNCTION dashboard_task_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('console.deleting_task', OLD.id, true);
  DELETE FROM "Trajectory" WHERE "taskId" = OLD.id;
  PERFORM set_config('console.deleting_task', '', true);
  RETURN OLD;
END
$$;
CREATE OR REPLACE TRIGGER "Task_cells_delete" BEFORE DELETE ON "Task"
  FOR EACH ROW
  EXECUTE FUNCTION dashboard_task_delete();

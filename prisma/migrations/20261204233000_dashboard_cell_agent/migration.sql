-- The pass-rate cube keys trajectories by agent too: one model run under two
-- agent harnesses is two runs to compare, and the dashboard used to add them
-- into one bar. '' = no agent recorded (like ability and release).

-- AlterTable
ALTER TABLE "DashboardCell" ADD COLUMN "agent" TEXT NOT NULL DEFAULT '';

-- As in the dashboard_summary migration, with the agent in the DashboardCell key.
CREATE OR REPLACE FUNCTION "dashboard_cells_add"(rows "Trajectory"[], sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed)
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * count(*) FILTER (WHERE x.passed), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6
$$;

-- A changed agent is a changed key too.
CREATE OR REPLACE FUNCTION "dashboard_cells_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o), -1);
  ELSE
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(o.*)::"Trajectory" FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o."taskId", o.model, o.agent, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount") IS DISTINCT FROM (n."taskId", n.model, n.agent, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount")), -1);
    PERFORM "dashboard_cells_add"(ARRAY(SELECT ROW(n.*)::"Trajectory" FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o."taskId", o.model, o.agent, o."memoryRelease", o."memoryCardIds", o."createdAt", o.passed, o."checkpointCount", o."checkpointsPassed", o."diagnosedCount") IS DISTINCT FROM (n."taskId", n.model, n.agent, n."memoryRelease", n."memoryCardIds", n."createdAt", n.passed, n."checkpointCount", n."checkpointsPassed", n."diagnosedCount")), 1);
  END IF;
  RETURN NULL;
END
$$;

-- Rebuild the pass-rate cube from the trajectories, now per agent (compacted: one row per key).
DELETE FROM "DashboardCell";
INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed, compacted)
SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
       count(*), count(*) FILTER (WHERE x.passed), sum(x."checkpointCount"), sum(x."checkpointsPassed"), sum(x."diagnosedCount"), true
FROM "Trajectory" x JOIN "Task" k ON k.id = x."taskId"
GROUP BY 1, 2, 3, 4, 5, 6;

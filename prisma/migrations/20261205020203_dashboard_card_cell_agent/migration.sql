-- The card-impact cube keys trajectories by agent too, as DashboardCell does
-- since dashboard_cell_agent: the dashboard's agent filter has to reach card
-- impact (filtered by agent, a card is compared with that agent's runs).
-- '' = no agent recorded.

-- AlterTable
ALTER TABLE "DashboardCardCell" ADD COLUMN     "agent" TEXT NOT NULL DEFAULT '';

-- As in the dashboard_cell_agent migration, with the agent in the DashboardCardCell key as well.
CREATE OR REPLACE FUNCTION "dashboard_cells_add"(rows "Trajectory"[], sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "DashboardCell" (benchmark, ability, model, agent, release, day, trajectories, "tasksPassed", checkpoints, "checkpointsPassed", diagnosed)
  SELECT k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * count(*) FILTER (WHERE x.passed), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed"), sign * sum(x."diagnosedCount")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed")
  SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
         sign * count(*), sign * sum(x."checkpointCount"), sign * sum(x."checkpointsPassed")
  FROM unnest(rows) x JOIN "Task" k ON k.id = x."taskId"
  CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
  WHERE c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- Rebuild the card-impact cube from the trajectories, now per agent (compacted: one row per key).
DELETE FROM "DashboardCardCell";
INSERT INTO "DashboardCardCell" (card, benchmark, ability, model, agent, release, day, trajectories, checkpoints, "checkpointsPassed", compacted)
SELECT c.card, k.benchmark, coalesce(k.ability, ''), x.model, coalesce(x.agent, ''), coalesce(x."memoryRelease", ''), x."createdAt"::date,
       count(*), sum(x."checkpointCount"), sum(x."checkpointsPassed"), true
FROM "Trajectory" x JOIN "Task" k ON k.id = x."taskId"
CROSS JOIN LATERAL unnest(x."memoryCardIds") WITH ORDINALITY AS c(card, i)
WHERE c.card <> ALL (x."memoryCardIds"[1:c.i - 1])
GROUP BY 1, 2, 3, 4, 5, 6, 7;

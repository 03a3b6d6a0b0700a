-- The task list (lib/tasks/ordered-tasks.ts) sums each task's trajectories per
-- model, agent and outcome with their checkpoint counters. Keyed by all of
-- them, that is an index-only scan already in group order: no sort and no
-- visit to the trajectory rows (half the list statement's execution time at
-- 100,000 trajectories). It starts with "taskId", so it serves the foreign key
-- and replaces the index on "taskId" alone.
DROP INDEX "Trajectory_taskId_idx";
CREATE INDEX "Trajectory_task_runs_idx" ON "Trajectory"("taskId", "model", "agent", "passed", "checkpointsPassed", "checkpointCount");

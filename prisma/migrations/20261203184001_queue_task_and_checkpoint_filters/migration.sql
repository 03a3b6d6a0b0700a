-- The queue's task and checkpoint-key filters (lib/queue/queue-filters.ts).
--
-- Both usually narrow the queue to a few rows: one task's trajectories, or
-- those failing one task's action. Written as conditions on each row, the
-- page walked the whole queue in its order (50,000 rows at bench:api size)
-- looking for 25 that matched: 0.03x the no-op. Both are now resolved to
-- task ids first, and the trajectories read by "taskId".

-- The task filter accepts the benchmark's task id ("airline/16").
CREATE INDEX "Task_externalId_idx" ON "Task"("externalId");

-- The checkpoint-key filter: which tasks have the key.
CREATE INDEX "TaskCheckpoint_key_idx" ON "TaskCheckpoint"("key");

-- The queue counts its run-level items apart on every page (lib/queue/list-queue.ts runLevelItems).
-- Small counts are exact and uncached (lib/live/large-count.ts), so without an index that count read
-- every queued trajectory's failedCheckpoints looking for the run-level entry: with few or no run-level
-- items (most benchmarks) a scan of the whole queue on every request. This partial index holds only
-- the queued run-level items, in queue order; its predicate matches RUN_LEVEL_ROW
-- (lib/queue/queue-filters.ts) literally, which the planner needs to use it. A partial index on
-- jsonb, so it is not in schema.prisma, like Trajectory_queue_order_idx.
CREATE INDEX "Trajectory_queue_run_level_idx" ON "Trajectory" ("createdAt", "id")
  WHERE "pendingCount" > 0 AND "failedCheckpoints" @> '[{"key":"@run"}]'::jsonb;

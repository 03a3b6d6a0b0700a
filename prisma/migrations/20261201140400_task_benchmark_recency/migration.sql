-- The task list orders the most recently imported benchmark first: a skip scan
-- over this index finds each benchmark's newest task (lib/tasks/list-tasks.ts).
-- CreateIndex
CREATE INDEX "Task_benchmark_createdAt_idx" ON "Task"("benchmark", "createdAt");

-- CreateEnum
CREATE TYPE "DiagnosisOutcome" AS ENUM ('AGENT_FAILURE', 'EVALUATOR_ARTEFACT');

-- AlterTable
ALTER TABLE "CheckpointResult" ADD COLUMN     "inRewardBasis" BOOLEAN;

-- AlterTable
ALTER TABLE "Diagnosis" ADD COLUMN     "outcome" "DiagnosisOutcome" NOT NULL DEFAULT 'AGENT_FAILURE';

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "informationalOnly" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "QueueSkip" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "reason" TEXT,
    "skippedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueueSkip_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "QueueSkip_userId_skippedAt_idx" ON "QueueSkip"("userId", "skippedAt");

-- CreateIndex
CREATE UNIQUE INDEX "QueueSkip_trajectoryId_userId_key" ON "QueueSkip"("trajectoryId", "userId");

-- AddForeignKey
ALTER TABLE "QueueSkip" ADD CONSTRAINT "QueueSkip_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueSkip" ADD CONSTRAINT "QueueSkip_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- τ²-bench runs imported before the reward basis was recorded: the task keeps the basis
-- (metadata.reward_basis) and each checkpoint its kind, which is enough to say which checks counted
-- (lib/import/adapters/tau2-reward-basis.ts maps the same kinds on import).
UPDATE "CheckpointResult" r
SET "inRewardBasis" = (CASE tc.kind
    WHEN 'db' THEN 'DB' WHEN 'nl_assertion' THEN 'NL_ASSERTION' WHEN 'env_assertion' THEN 'ENV_ASSERTION'
    WHEN 'communicate' THEN 'COMMUNICATE' ELSE 'ACTION' END)
  IN (SELECT upper(b) FROM jsonb_array_elements_text(k.metadata -> 'reward_basis') b)
FROM "TaskCheckpoint" tc JOIN "Task" k ON k.id = tc."taskId"
WHERE tc.id = r."checkpointId" AND k.benchmark = 'tau2-bench'
  AND jsonb_typeof(k.metadata -> 'reward_basis') = 'array' AND jsonb_array_length(k.metadata -> 'reward_basis') > 0;

-- A passed run whose failed checks are all outside its reward basis (see Trajectory.informationalOnly).
UPDATE "Trajectory" t SET "informationalOnly" = true
WHERE t.passed AND t."failedCount" > 0
  AND NOT EXISTS (SELECT 1 FROM "CheckpointResult" r
                  WHERE r."trajectoryId" = t.id AND NOT r.passed AND r."inRewardBasis" IS DISTINCT FROM false);

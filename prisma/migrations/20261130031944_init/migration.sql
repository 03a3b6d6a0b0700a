-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN');

-- CreateEnum
CREATE TYPE "TaskSplit" AS ENUM ('REFERENCE', 'HELDOUT');

-- CreateEnum
CREATE TYPE "FeedbackKind" AS ENUM ('SELF_JUDGE', 'TASK_BINARY', 'CHECKPOINT_BINARY', 'CHECKPOINT_BINARY_HUMAN');

-- CreateEnum
CREATE TYPE "EventSource" AS ENUM ('AGENT', 'USER', 'ENVIRONMENT', 'VERIFIER');

-- CreateEnum
CREATE TYPE "EventType" AS ENUM ('MESSAGE', 'TOOL_CALL', 'OBSERVATION', 'NOTIFICATION', 'FINAL');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED');

-- CreateEnum
CREATE TYPE "ImportSource" AS ENUM ('CLI', 'UPLOAD', 'API');

-- CreateEnum
CREATE TYPE "ImportErrorKind" AS ENUM ('INVALID', 'CONFLICT');

-- CreateEnum
CREATE TYPE "DiagnosisStatus" AS ENUM ('DRAFT', 'SUBMITTED');

-- CreateEnum
CREATE TYPE "RunKind" AS ENUM ('REFLECTION', 'FUNCTION_CARDS');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "LlmProvider" AS ENUM ('OPENAI', 'OFFLINE');

-- CreateEnum
CREATE TYPE "CardKind" AS ENUM ('SKILL', 'FUNCTION');

-- CreateEnum
CREATE TYPE "CardOperation" AS ENUM ('ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER', 'NOOP');

-- CreateEnum
CREATE TYPE "ProposalStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'NOOP', 'INVALID', 'SUPERSEDED');

-- CreateEnum
CREATE TYPE "ReviewDecision" AS ENUM ('APPROVED', 'EDITED_APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "CardStatus" AS ENUM ('ACTIVE', 'ARCHIVED', 'MERGED');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "userId" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "ability" TEXT,
    "instruction" TEXT NOT NULL,
    "apps" TEXT[],
    "split" "TaskSplit",
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskCheckpoint" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" TEXT,
    "weight" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskCheckpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trajectory" (
    "id" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "agent" TEXT,
    "trial" INTEGER,
    "passed" BOOLEAN NOT NULL,
    "score" DOUBLE PRECISION,
    "outcomeReason" TEXT,
    "feedbackKind" "FeedbackKind" NOT NULL DEFAULT 'CHECKPOINT_BINARY',
    "memoryRelease" TEXT,
    "memoryCardIds" TEXT[],
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "contentHash" TEXT NOT NULL,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "pendingCount" INTEGER NOT NULL DEFAULT 0,
    "importJobId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Trajectory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "source" "EventSource" NOT NULL,
    "type" "EventType" NOT NULL,
    "tool" TEXT,
    "arguments" JSONB,
    "callId" TEXT,
    "content" TEXT,
    "error" BOOLEAN NOT NULL DEFAULT false,
    "metadata" JSONB,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckpointResult" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "checkpointId" TEXT NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "score" DOUBLE PRECISION,
    "total" DOUBLE PRECISION,
    "note" TEXT,
    "eventIndex" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckpointResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'QUEUED',
    "format" TEXT,
    "source" "ImportSource" NOT NULL,
    "fileName" TEXT NOT NULL,
    "createdById" TEXT,
    "recordsTotal" INTEGER NOT NULL DEFAULT 0,
    "importedCount" INTEGER NOT NULL DEFAULT 0,
    "presentCount" INTEGER NOT NULL DEFAULT 0,
    "conflictCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportError" (
    "id" TEXT NOT NULL,
    "importJobId" TEXT NOT NULL,
    "kind" "ImportErrorKind" NOT NULL,
    "file" TEXT NOT NULL,
    "line" INTEGER,
    "recordIndex" INTEGER,
    "path" TEXT,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportError_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FailureCategory" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FailureCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Diagnosis" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "checkpointResultId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "categoryId" TEXT,
    "eventStart" INTEGER,
    "eventEnd" INTEGER,
    "whatWentWrong" TEXT NOT NULL DEFAULT '',
    "whatShouldHaveHappened" TEXT NOT NULL DEFAULT '',
    "confidence" INTEGER,
    "status" "DiagnosisStatus" NOT NULL DEFAULT 'DRAFT',
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Diagnosis_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiagnosisRevision" (
    "id" TEXT NOT NULL,
    "diagnosisId" TEXT NOT NULL,
    "editorId" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiagnosisRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueueClaim" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "assignedById" TEXT,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActiveAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QueueClaim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReflectionRun" (
    "id" TEXT NOT NULL,
    "kind" "RunKind" NOT NULL DEFAULT 'REFLECTION',
    "status" "RunStatus" NOT NULL DEFAULT 'QUEUED',
    "taskId" TEXT,
    "batchId" TEXT,
    "provider" "LlmProvider" NOT NULL,
    "model" TEXT,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "promptVersion" TEXT,
    "promptHash" TEXT,
    "inputHash" TEXT,
    "packet" JSONB,
    "rawOutput" TEXT,
    "error" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "timings" JSONB NOT NULL DEFAULT '{}',
    "jobId" TEXT,
    "createdById" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReflectionRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReflectionRunTrajectory" (
    "runId" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,

    CONSTRAINT "ReflectionRunTrajectory_pkey" PRIMARY KEY ("runId","trajectoryId")
);

-- CreateTable
CREATE TABLE "ReflectionRunDiagnosis" (
    "runId" TEXT NOT NULL,
    "diagnosisId" TEXT NOT NULL,

    CONSTRAINT "ReflectionRunDiagnosis_pkey" PRIMARY KEY ("runId","diagnosisId")
);

-- CreateTable
CREATE TABLE "LlmCall" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "promptHash" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "response" TEXT,
    "error" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LlmCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SkillDelta" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "validation" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SkillDelta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Proposal" (
    "id" TEXT NOT NULL,
    "runId" TEXT,
    "deltaId" TEXT,
    "deltaIndex" INTEGER,
    "cardKind" "CardKind" NOT NULL,
    "ability" TEXT,
    "operation" "CardOperation" NOT NULL,
    "targetCardId" TEXT,
    "proposedCard" JSONB,
    "reason" TEXT NOT NULL,
    "valid" BOOLEAN NOT NULL DEFAULT true,
    "validation" JSONB NOT NULL DEFAULT '[]',
    "status" "ProposalStatus" NOT NULL DEFAULT 'PENDING',
    "dedupeKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Proposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProposalTarget" (
    "proposalId" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "baseVersionId" TEXT,
    "primary" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ProposalTarget_pkey" PRIMARY KEY ("proposalId","cardId")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "proposalId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "decision" "ReviewDecision" NOT NULL,
    "note" TEXT,
    "editedCard" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Card" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "kind" "CardKind" NOT NULL,
    "ability" TEXT,
    "apps" TEXT[],
    "tags" TEXT[],
    "title" TEXT NOT NULL,
    "status" "CardStatus" NOT NULL DEFAULT 'ACTIVE',
    "currentVersionId" TEXT,
    "mergedIntoId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CardVersion" (
    "id" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "parentVersionId" TEXT,
    "proposalId" TEXT,
    "reviewId" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankRelease" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "note" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BankRelease_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankReleaseCard" (
    "releaseId" TEXT NOT NULL,
    "cardVersionId" TEXT NOT NULL,

    CONSTRAINT "BankReleaseCard_pkey" PRIMARY KEY ("releaseId","cardVersionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_role_active_idx" ON "User"("role", "active");

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_entityType_entityId_idx" ON "AuditLog"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_idx" ON "AuditLog"("actorId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "Task_ability_idx" ON "Task"("ability");

-- CreateIndex
CREATE INDEX "Task_split_idx" ON "Task"("split");

-- CreateIndex
CREATE UNIQUE INDEX "Task_benchmark_externalId_key" ON "Task"("benchmark", "externalId");

-- CreateIndex
CREATE INDEX "TaskCheckpoint_taskId_position_idx" ON "TaskCheckpoint"("taskId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "TaskCheckpoint_taskId_key_key" ON "TaskCheckpoint"("taskId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Trajectory_externalId_key" ON "Trajectory"("externalId");

-- CreateIndex
CREATE INDEX "Trajectory_taskId_idx" ON "Trajectory"("taskId");

-- CreateIndex
CREATE INDEX "Trajectory_model_idx" ON "Trajectory"("model");

-- CreateIndex
CREATE INDEX "Trajectory_importJobId_idx" ON "Trajectory"("importJobId");

-- CreateIndex
CREATE INDEX "Trajectory_pendingCount_createdAt_idx" ON "Trajectory"("pendingCount", "createdAt");

-- CreateIndex
CREATE INDEX "Event_tool_idx" ON "Event"("tool");

-- CreateIndex
CREATE UNIQUE INDEX "Event_trajectoryId_position_key" ON "Event"("trajectoryId", "position");

-- CreateIndex
CREATE INDEX "CheckpointResult_checkpointId_passed_idx" ON "CheckpointResult"("checkpointId", "passed");

-- CreateIndex
CREATE UNIQUE INDEX "CheckpointResult_trajectoryId_checkpointId_key" ON "CheckpointResult"("trajectoryId", "checkpointId");

-- CreateIndex
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");

-- CreateIndex
CREATE INDEX "ImportJob_status_idx" ON "ImportJob"("status");

-- CreateIndex
CREATE INDEX "ImportError_importJobId_idx" ON "ImportError"("importJobId");

-- CreateIndex
CREATE UNIQUE INDEX "FailureCategory_key_key" ON "FailureCategory"("key");

-- CreateIndex
CREATE INDEX "Diagnosis_trajectoryId_idx" ON "Diagnosis"("trajectoryId");

-- CreateIndex
CREATE INDEX "Diagnosis_authorId_status_idx" ON "Diagnosis"("authorId", "status");

-- CreateIndex
CREATE INDEX "Diagnosis_status_submittedAt_idx" ON "Diagnosis"("status", "submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Diagnosis_checkpointResultId_authorId_key" ON "Diagnosis"("checkpointResultId", "authorId");

-- CreateIndex
CREATE INDEX "DiagnosisRevision_diagnosisId_idx" ON "DiagnosisRevision"("diagnosisId");

-- CreateIndex
CREATE UNIQUE INDEX "QueueClaim_trajectoryId_key" ON "QueueClaim"("trajectoryId");

-- CreateIndex
CREATE INDEX "QueueClaim_userId_idx" ON "QueueClaim"("userId");

-- CreateIndex
CREATE INDEX "QueueClaim_expiresAt_idx" ON "QueueClaim"("expiresAt");

-- CreateIndex
CREATE INDEX "ReflectionRun_taskId_createdAt_idx" ON "ReflectionRun"("taskId", "createdAt");

-- CreateIndex
CREATE INDEX "ReflectionRun_status_idx" ON "ReflectionRun"("status");

-- CreateIndex
CREATE INDEX "ReflectionRun_batchId_idx" ON "ReflectionRun"("batchId");

-- CreateIndex
CREATE INDEX "ReflectionRun_inputHash_idx" ON "ReflectionRun"("inputHash");

-- CreateIndex
CREATE INDEX "ReflectionRun_createdAt_idx" ON "ReflectionRun"("createdAt");

-- CreateIndex
CREATE INDEX "ReflectionRunTrajectory_trajectoryId_idx" ON "ReflectionRunTrajectory"("trajectoryId");

-- CreateIndex
CREATE INDEX "ReflectionRunDiagnosis_diagnosisId_idx" ON "ReflectionRunDiagnosis"("diagnosisId");

-- CreateIndex
CREATE INDEX "LlmCall_runId_idx" ON "LlmCall"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillDelta_runId_index_key" ON "SkillDelta"("runId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "Proposal_dedupeKey_key" ON "Proposal"("dedupeKey");

-- CreateIndex
CREATE INDEX "Proposal_status_createdAt_idx" ON "Proposal"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Proposal_runId_idx" ON "Proposal"("runId");

-- CreateIndex
CREATE INDEX "Proposal_deltaId_idx" ON "Proposal"("deltaId");

-- CreateIndex
CREATE INDEX "Proposal_targetCardId_idx" ON "Proposal"("targetCardId");

-- CreateIndex
CREATE INDEX "ProposalTarget_cardId_idx" ON "ProposalTarget"("cardId");

-- CreateIndex
CREATE INDEX "Review_proposalId_idx" ON "Review"("proposalId");

-- CreateIndex
CREATE INDEX "Review_reviewerId_createdAt_idx" ON "Review"("reviewerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Card_key_key" ON "Card"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Card_currentVersionId_key" ON "Card"("currentVersionId");

-- CreateIndex
CREATE INDEX "Card_kind_ability_status_idx" ON "Card"("kind", "ability", "status");

-- CreateIndex
CREATE INDEX "Card_status_idx" ON "Card"("status");

-- CreateIndex
CREATE INDEX "CardVersion_proposalId_idx" ON "CardVersion"("proposalId");

-- CreateIndex
CREATE INDEX "CardVersion_createdAt_idx" ON "CardVersion"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CardVersion_cardId_number_key" ON "CardVersion"("cardId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "BankRelease_name_key" ON "BankRelease"("name");

-- CreateIndex
CREATE INDEX "BankReleaseCard_cardVersionId_idx" ON "BankReleaseCard"("cardVersionId");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Setting" ADD CONSTRAINT "Setting_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskCheckpoint" ADD CONSTRAINT "TaskCheckpoint_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_importJobId_fkey" FOREIGN KEY ("importJobId") REFERENCES "ImportJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckpointResult" ADD CONSTRAINT "CheckpointResult_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckpointResult" ADD CONSTRAINT "CheckpointResult_checkpointId_fkey" FOREIGN KEY ("checkpointId") REFERENCES "TaskCheckpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportError" ADD CONSTRAINT "ImportError_importJobId_fkey" FOREIGN KEY ("importJobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Diagnosis" ADD CONSTRAINT "Diagnosis_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Diagnosis" ADD CONSTRAINT "Diagnosis_checkpointResultId_fkey" FOREIGN KEY ("checkpointResultId") REFERENCES "CheckpointResult"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Diagnosis" ADD CONSTRAINT "Diagnosis_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Diagnosis" ADD CONSTRAINT "Diagnosis_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "FailureCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiagnosisRevision" ADD CONSTRAINT "DiagnosisRevision_diagnosisId_fkey" FOREIGN KEY ("diagnosisId") REFERENCES "Diagnosis"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiagnosisRevision" ADD CONSTRAINT "DiagnosisRevision_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueClaim" ADD CONSTRAINT "QueueClaim_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueClaim" ADD CONSTRAINT "QueueClaim_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueClaim" ADD CONSTRAINT "QueueClaim_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRun" ADD CONSTRAINT "ReflectionRun_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRun" ADD CONSTRAINT "ReflectionRun_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRunTrajectory" ADD CONSTRAINT "ReflectionRunTrajectory_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReflectionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRunTrajectory" ADD CONSTRAINT "ReflectionRunTrajectory_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRunDiagnosis" ADD CONSTRAINT "ReflectionRunDiagnosis_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReflectionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReflectionRunDiagnosis" ADD CONSTRAINT "ReflectionRunDiagnosis_diagnosisId_fkey" FOREIGN KEY ("diagnosisId") REFERENCES "Diagnosis"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LlmCall" ADD CONSTRAINT "LlmCall_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReflectionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillDelta" ADD CONSTRAINT "SkillDelta_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReflectionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ReflectionRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_deltaId_fkey" FOREIGN KEY ("deltaId") REFERENCES "SkillDelta"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_targetCardId_fkey" FOREIGN KEY ("targetCardId") REFERENCES "Card"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProposalTarget" ADD CONSTRAINT "ProposalTarget_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "Proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProposalTarget" ADD CONSTRAINT "ProposalTarget_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProposalTarget" ADD CONSTRAINT "ProposalTarget_baseVersionId_fkey" FOREIGN KEY ("baseVersionId") REFERENCES "CardVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "Proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_currentVersionId_fkey" FOREIGN KEY ("currentVersionId") REFERENCES "CardVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_parentVersionId_fkey" FOREIGN KEY ("parentVersionId") REFERENCES "CardVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "Proposal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankRelease" ADD CONSTRAINT "BankRelease_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankReleaseCard" ADD CONSTRAINT "BankReleaseCard_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "BankRelease"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankReleaseCard" ADD CONSTRAINT "BankReleaseCard_cardVersionId_fkey" FOREIGN KEY ("cardVersionId") REFERENCES "CardVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


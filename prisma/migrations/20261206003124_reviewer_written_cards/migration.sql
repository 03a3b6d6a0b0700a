-- CreateEnum
CREATE TYPE "ProposalSource" AS ENUM ('CURATOR', 'REVIEWER_WRITTEN');

-- AlterEnum
ALTER TYPE "ReviewDecision" ADD VALUE 'FIRST_APPROVED';

-- AlterTable
ALTER TABLE "Proposal" ADD COLUMN     "authorId" TEXT,
ADD COLUMN     "diagnosisId" TEXT,
ADD COLUMN     "source" "ProposalSource" NOT NULL DEFAULT 'CURATOR',
ADD COLUMN     "taskId" TEXT;

-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "authoredFields" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "Proposal_authorId_idx" ON "Proposal"("authorId");

-- CreateIndex
CREATE INDEX "Proposal_taskId_idx" ON "Proposal"("taskId");

-- CreateIndex
CREATE INDEX "Proposal_diagnosisId_idx" ON "Proposal"("diagnosisId");

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_diagnosisId_fkey" FOREIGN KEY ("diagnosisId") REFERENCES "Diagnosis"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- DropIndex
DROP INDEX "Diagnosis_authorId_status_idx";

-- CreateIndex
CREATE INDEX "Diagnosis_authorId_status_submittedAt_idx" ON "Diagnosis"("authorId", "status", "submittedAt");


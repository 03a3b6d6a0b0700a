-- AlterTable
ALTER TABLE "OtlpTrace" ADD COLUMN     "buildRequestedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "OtlpTrace_buildRequestedAt_idx" ON "OtlpTrace"("buildRequestedAt");


-- Traces still open were never built: the builder's quiet-period sweep now finds them through the pending mark.
UPDATE "OtlpTrace" SET "buildRequestedAt" = "lastSeenAt" WHERE "status" = 'OPEN';

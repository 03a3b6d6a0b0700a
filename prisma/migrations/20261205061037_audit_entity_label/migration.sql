-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "entityLabel" TEXT;

-- CreateIndex
CREATE INDEX "AuditLog_action_idx" ON "AuditLog"("action");


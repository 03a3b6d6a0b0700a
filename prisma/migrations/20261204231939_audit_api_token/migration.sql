-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "apiTokenId" TEXT;

-- CreateIndex
CREATE INDEX "AuditLog_apiTokenId_idx" ON "AuditLog"("apiTokenId");

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_apiTokenId_fkey" FOREIGN KEY ("apiTokenId") REFERENCES "ApiToken"("id") ON DELETE SET NULL ON UPDATE CASCADE;


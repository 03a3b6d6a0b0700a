-- The runs list pages newest first by ("createdAt", id): one ordered index scan that stops after the page.
DROP INDEX "ReflectionRun_createdAt_idx";
CREATE INDEX "ReflectionRun_createdAt_id_idx" ON "ReflectionRun"("createdAt", "id");

-- CreateTable
CREATE TABLE "OverlapSetting" (
    "id" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "ability" TEXT NOT NULL DEFAULT '',
    "k" INTEGER NOT NULL,
    "updatedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OverlapSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL,
    "checkpointResultId" TEXT NOT NULL,
    "chosenDiagnosisId" TEXT,
    "categoryId" TEXT,
    "eventStart" INTEGER,
    "eventEnd" INTEGER,
    "whatWentWrong" TEXT NOT NULL DEFAULT '',
    "whatShouldHaveHappened" TEXT NOT NULL DEFAULT '',
    "reviewerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OverlapSetting_benchmark_ability_key" ON "OverlapSetting"("benchmark", "ability");

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_checkpointResultId_key" ON "Adjudication"("checkpointResultId");

-- CreateIndex
CREATE INDEX "Adjudication_chosenDiagnosisId_idx" ON "Adjudication"("chosenDiagnosisId");

-- CreateIndex
CREATE INDEX "Adjudication_categoryId_idx" ON "Adjudication"("categoryId");

-- CreateIndex
CREATE INDEX "Adjudication_reviewerId_idx" ON "Adjudication"("reviewerId");

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_checkpointResultId_fkey" FOREIGN KEY ("checkpointResultId") REFERENCES "CheckpointResult"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_chosenDiagnosisId_fkey" FOREIGN KEY ("chosenDiagnosisId") REFERENCES "Diagnosis"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "FailureCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Overlap k is a small positive count (the admin form enforces 1..10 too).
ALTER TABLE "OverlapSetting" ADD CONSTRAINT "OverlapSetting_k_range" CHECK ("k" BETWEEN 1 AND 10);

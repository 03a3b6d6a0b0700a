-- CreateTable
CREATE TABLE "RetrievalLabel" (
    "id" TEXT NOT NULL,
    "queryHash" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "ability" TEXT,
    "apps" TEXT[],
    "cardKey" TEXT NOT NULL,
    "relevant" BOOLEAN NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RetrievalLabel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RetrievalLabel_createdAt_idx" ON "RetrievalLabel"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RetrievalLabel_queryHash_cardKey_key" ON "RetrievalLabel"("queryHash", "cardKey");

-- AddForeignKey
ALTER TABLE "RetrievalLabel" ADD CONSTRAINT "RetrievalLabel_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


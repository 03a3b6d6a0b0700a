-- CreateEnum
CREATE TYPE "PolicyKind" AS ENUM ('POLICY', 'SYSTEM_PROMPT');

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "policyId" TEXT;

-- CreateTable
CREATE TABLE "Policy" (
    "id" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "ability" TEXT NOT NULL DEFAULT '',
    "kind" "PolicyKind" NOT NULL,
    "text" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Policy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Policy_benchmark_ability_contentHash_key" ON "Policy"("benchmark", "ability", "contentHash");

-- CreateIndex
CREATE INDEX "Trajectory_policyId_idx" ON "Trajectory"("policyId");

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_policyId_fkey" FOREIGN KEY ("policyId") REFERENCES "Policy"("id") ON DELETE SET NULL ON UPDATE CASCADE;


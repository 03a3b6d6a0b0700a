-- AlterTable
ALTER TABLE "SkillDelta" ADD COLUMN     "diagnosisIds" TEXT[] DEFAULT ARRAY[]::TEXT[];


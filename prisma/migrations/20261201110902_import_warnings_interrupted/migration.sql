-- AlterEnum
ALTER TYPE "ImportErrorKind" ADD VALUE 'WARNING';

-- AlterEnum
ALTER TYPE "ImportStatus" ADD VALUE 'INTERRUPTED';


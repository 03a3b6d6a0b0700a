-- AlterEnum: the bank and retrieval speak of RETIRED cards (renaming keeps existing rows).
ALTER TYPE "CardStatus" RENAME VALUE 'ARCHIVED' TO 'RETIRED';

-- AlterEnum
ALTER TYPE "RunKind" ADD VALUE 'RECURATE';

-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "sizeBytes" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "CardVersion" ADD COLUMN     "note" TEXT,
ADD COLUMN     "restoredFromId" TEXT;

-- AlterTable
ALTER TABLE "Proposal" ADD COLUMN     "recuratedFromId" TEXT;

-- CreateIndex
CREATE INDEX "Card_mergedIntoId_idx" ON "Card"("mergedIntoId");

-- CreateIndex
CREATE INDEX "Card_updatedAt_idx" ON "Card"("updatedAt");

-- CreateIndex
CREATE INDEX "Card_apps_idx" ON "Card" USING GIN ("apps");

-- CreateIndex
CREATE INDEX "Card_tags_idx" ON "Card" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "Proposal_status_cardKind_createdAt_idx" ON "Proposal"("status", "cardKind", "createdAt");

-- CreateIndex
CREATE INDEX "Proposal_status_operation_createdAt_idx" ON "Proposal"("status", "operation", "createdAt");

-- CreateIndex
CREATE INDEX "Proposal_status_ability_createdAt_idx" ON "Proposal"("status", "ability", "createdAt");

-- CreateIndex
CREATE INDEX "Proposal_recuratedFromId_idx" ON "Proposal"("recuratedFromId");

-- AddForeignKey
ALTER TABLE "Proposal" ADD CONSTRAINT "Proposal_recuratedFromId_fkey" FOREIGN KEY ("recuratedFromId") REFERENCES "Proposal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Card"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardVersion" ADD CONSTRAINT "CardVersion_restoredFromId_fkey" FOREIGN KEY ("restoredFromId") REFERENCES "CardVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Backfill the denormalised store size of existing cards.
UPDATE "Card" c SET
  "sizeBytes" = COALESCE((SELECT octet_length(v.content::text) FROM "CardVersion" v WHERE v.id = c."currentVersionId"), 0);

-- Versions are immutable: a card's history only grows. What a version says
-- (card, number, content, parent) can never be rewritten, while foreign-key
-- housekeeping (SET NULL when a user or review row goes) is still allowed.
CREATE OR REPLACE FUNCTION card_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cardId" IS DISTINCT FROM OLD."cardId" OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.content IS DISTINCT FROM OLD.content OR NEW."parentVersionId" IS DISTINCT FROM OLD."parentVersionId"
     OR NEW.note IS DISTINCT FROM OLD.note THEN
    RAISE EXCEPTION 'CardVersion rows are immutable (version %)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END$$;

CREATE TRIGGER card_version_no_update BEFORE UPDATE ON "CardVersion"
  FOR EACH ROW EXECUTE FUNCTION card_version_immutable();

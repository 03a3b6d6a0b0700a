-- Issue 14 (second pass): the review inbox at a realistic size. Raw SQL only (Prisma's diff leaves it alone).

-- The inbox's default scope (open = PENDING or INVALID) newest first: a page (or a keyset step) is an ordered
-- index scan that stops after the page (with the (status, createdAt) indexes an IN over two statuses had to sort).
CREATE INDEX "Proposal_open_order_idx" ON "Proposal" ("createdAt" DESC, "id" DESC) WHERE "status" IN ('PENDING', 'INVALID');

-- A card that moves to another version or is merged/retired changes which proposals are stale: tell the
-- `proposals` channel (once per statement), so inbox pages refresh and cached inbox counts are recounted.
CREATE OR REPLACE FUNCTION console_notify_card_moved() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', '{"channel":"proposals"}'); RETURN NULL; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Card_notify_proposals" AFTER UPDATE OF "currentVersionId", "status" ON "Card" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_card_moved();

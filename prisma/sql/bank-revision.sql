-- Bank revision: keeps the one-row "BankRevision" current.
--
-- Retrieval keeps one in-memory index per bank revision on every replica and
-- reads this one row per request to know whether its index is current
-- (docs/database.md#denormalised-columns-and-tables-and-why). A DEFERRED
-- constraint trigger bumps it when a transaction that wrote "Card" or
-- "CardVersion" commits, so no writer has to remember to bump it, the bump is
-- visible exactly when the data is, and the row lock is held only for the
-- commit itself (no deadlocks with the writers' own row locks). "lastTxid"
-- makes it one bump per transaction.
--
-- A constraint trigger cannot be replaced in place (CREATE OR REPLACE does not
-- take CONSTRAINT), so it is dropped and created again.

CREATE OR REPLACE FUNCTION bump_bank_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "BankRevision"
     SET "revision" = "revision" + 1, "lastTxid" = txid_current(), "updatedAt" = now()
   WHERE "id" = 1 AND "lastTxid" IS DISTINCT FROM txid_current();
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS card_bumps_bank_revision ON "Card";
CREATE CONSTRAINT TRIGGER card_bumps_bank_revision AFTER INSERT OR DELETE OR UPDATE ON "Card"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION bump_bank_revision();
DROP TRIGGER IF EXISTS card_version_bumps_bank_revision ON "CardVersion";
CREATE CONSTRAINT TRIGGER card_version_bumps_bank_revision AFTER INSERT OR DELETE OR UPDATE ON "CardVersion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION bump_bank_revision();

-- AlterTable
ALTER TABLE "BankRelease" ADD COLUMN     "leakOverrideNote" TEXT,
ADD COLUMN     "leaks" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "recipe" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "BankReleaseCard" ADD COLUMN     "ability" TEXT,
ADD COLUMN     "apps" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "BankRevision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "lastTxid" BIGINT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BankRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BankRelease_createdAt_idx" ON "BankRelease"("createdAt");


-- ───── Bank revision (hand-written) ─────
-- Retrieval keeps one in-memory index per bank revision on every replica and
-- reads this one row per request. A DEFERRED constraint trigger bumps it when
-- a transaction that wrote "Card" or "CardVersion" commits, so no writer has
-- to remember to bump it, the bump is visible exactly when the data is, and
-- the row lock is held only for the commit itself (no deadlocks with the
-- writers own row locks). `lastTxid` makes it one bump per transaction.
INSERT INTO "BankRevision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;

CREATE FUNCTION bump_bank_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "BankRevision"
     SET "revision" = "revision" + 1, "lastTxid" = txid_current(), "updatedAt" = now()
   WHERE "id" = 1 AND "lastTxid" IS DISTINCT FROM txid_current();
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER card_bumps_bank_revision
  AFTER INSERT OR UPDATE OR DELETE ON "Card"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_bank_revision();

CREATE CONSTRAINT TRIGGER card_version_bumps_bank_revision
  AFTER INSERT OR UPDATE OR DELETE ON "CardVersion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_bank_revision();

-- ───── Frozen releases (hand-written) ─────
-- A release is immutable: its card list never changes and its fields never
-- change. The only update allowed is the FK's ON DELETE SET NULL of its author.
CREATE FUNCTION refuse_release_card_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bank releases are frozen: % on "BankReleaseCard" refused', TG_OP USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER release_cards_are_frozen
  BEFORE UPDATE OR DELETE ON "BankReleaseCard"
  FOR EACH ROW EXECUTE FUNCTION refuse_release_card_change();

-- Cards are added to a release only by the transaction that created it (the
-- freeze): its row's xmin is the current transaction id (mod 2^32).
CREATE FUNCTION refuse_late_release_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "BankRelease" r WHERE r."id" = NEW."releaseId"
                 AND r.xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text) THEN
    RAISE EXCEPTION 'bank releases are frozen: cards can only be added by the freeze that created the release' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER release_cards_only_at_freeze
  BEFORE INSERT ON "BankReleaseCard"
  FOR EACH ROW EXECUTE FUNCTION refuse_late_release_card();

CREATE FUNCTION refuse_release_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'bank releases are frozen: DELETE of release % refused', OLD."name" USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW."name", NEW."note", NEW."recipe", NEW."leaks", NEW."leakOverrideNote", NEW."createdAt")
     IS DISTINCT FROM (OLD."name", OLD."note", OLD."recipe", OLD."leaks", OLD."leakOverrideNote", OLD."createdAt")
     OR NEW."createdById" IS NOT NULL AND NEW."createdById" IS DISTINCT FROM OLD."createdById" THEN
    RAISE EXCEPTION 'bank releases are frozen: UPDATE of release % refused', OLD."name" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER releases_are_frozen
  BEFORE UPDATE OR DELETE ON "BankRelease"
  FOR EACH ROW EXECUTE FUNCTION refuse_release_change();

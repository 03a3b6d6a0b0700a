-- A release's cards are guarded by one trigger, release_cards_are_frozen, which now also refuses
-- a card added after the freeze (prisma/sql/release-freeze.sql). Defined here before the old
-- insert guard is dropped, so a release is never open while a database upgrades. Same text as the file.

CREATE OR REPLACE FUNCTION refuse_release_card_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'bank releases are frozen: % on "BankReleaseCard" refused', TG_OP USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "BankRelease" r WHERE r."id" = NEW."releaseId"
                 AND r.xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text) THEN
    RAISE EXCEPTION 'bank releases are frozen: cards can only be added by the freeze that created the release' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER release_cards_are_frozen BEFORE INSERT OR DELETE OR UPDATE ON "BankReleaseCard"
  FOR EACH ROW
  EXECUTE FUNCTION refuse_release_card_change();

DROP TRIGGER IF EXISTS release_cards_only_at_freeze ON "BankReleaseCard";
DROP FUNCTION IF EXISTS refuse_late_release_card();

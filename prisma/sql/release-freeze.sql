-- Frozen releases: a retrieval release and its card list never change.
--
-- A release is what an agent was evaluated with, so what it holds must be
-- exactly what it held when it was frozen. The only update allowed is the
-- foreign key's ON DELETE SET NULL of its author. Cards are added to a
-- release only by the transaction that created it (the freeze): its row's
-- xmin is the current transaction id (mod 2^32).

CREATE OR REPLACE FUNCTION refuse_release_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER releases_are_frozen BEFORE DELETE OR UPDATE ON "BankRelease"
  FOR EACH ROW
  EXECUTE FUNCTION refuse_release_change();

-- A card is added to a release only by the freeze; then it never changes.
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

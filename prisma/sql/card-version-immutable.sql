-- Card versions are immutable: a card's history only grows.
--
-- What a version says (card, number, content, parent, note) can never be
-- rewritten, while foreign-key housekeeping (SET NULL when a user or review
-- row goes) is still allowed. lib/cards/append-version.ts is the only writer.

CREATE OR REPLACE FUNCTION card_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."cardId" IS DISTINCT FROM OLD."cardId" OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.content IS DISTINCT FROM OLD.content OR NEW."parentVersionId" IS DISTINCT FROM OLD."parentVersionId"
     OR NEW.note IS DISTINCT FROM OLD.note THEN
    RAISE EXCEPTION 'CardVersion rows are immutable (version %)', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END$$;
CREATE OR REPLACE TRIGGER card_version_no_update BEFORE UPDATE ON "CardVersion"
  FOR EACH ROW
  EXECUTE FUNCTION card_version_immutable();

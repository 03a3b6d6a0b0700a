-- Issue 14: the bank browser caches its total and per-bank summary when the bank is large. Any statement that
-- writes, moves or removes cards tells the `cards` channel (once per statement), so every replica recounts.
CREATE OR REPLACE FUNCTION console_notify_cards() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', '{"channel":"cards"}'); RETURN NULL; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Card_notify_cards" AFTER INSERT OR UPDATE OR DELETE ON "Card" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_cards();

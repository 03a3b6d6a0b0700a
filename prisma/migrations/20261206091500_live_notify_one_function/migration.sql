-- The live notifications that differed only by channel go through one trigger function,
-- console_notify(channel) (prisma/sql/live-notifications.sql): it is defined and the triggers
-- re-pointed here, before the old functions are dropped, so no write goes unannounced while a
-- database upgrades. Same text as the file, which the start applies after the migrations.

CREATE OR REPLACE FUNCTION console_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('console_live', json_build_object('channel', TG_ARGV[0])::text);
    RETURN NULL;
  END IF;
  PERFORM pg_notify('console_live', json_build_object('channel', TG_ARGV[0], 'id', NEW."id", 'status', NEW."status")::text);
  RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER "ImportJob_notify" AFTER INSERT OR UPDATE ON "ImportJob"
  FOR EACH ROW
  EXECUTE FUNCTION console_notify('imports');
CREATE OR REPLACE TRIGGER "Proposal_notify" AFTER INSERT OR UPDATE ON "Proposal"
  FOR EACH ROW
  EXECUTE FUNCTION console_notify('proposals');
CREATE OR REPLACE TRIGGER "Diagnosis_notify_queue" AFTER INSERT OR DELETE OR UPDATE OF status ON "Diagnosis"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('queue');
CREATE OR REPLACE TRIGGER "Trajectory_notify_queue" AFTER INSERT OR DELETE OR UPDATE OF "pendingCount" ON "Trajectory"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('queue');
CREATE OR REPLACE TRIGGER "Card_notify_proposals" AFTER UPDATE OF "currentVersionId", status ON "Card"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('proposals');
CREATE OR REPLACE TRIGGER "Card_notify_cards" AFTER INSERT OR DELETE OR UPDATE ON "Card"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('cards');
CREATE OR REPLACE TRIGGER "Proposal_notify_dashboard" AFTER INSERT OR DELETE OR UPDATE OF status ON "Proposal"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('dashboard');
CREATE OR REPLACE TRIGGER "Review_notify_dashboard" AFTER INSERT OR DELETE ON "Review"
  FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify('dashboard');

DROP FUNCTION IF EXISTS console_notify_import();
DROP FUNCTION IF EXISTS console_notify_proposal();
DROP FUNCTION IF EXISTS console_notify_queue();
DROP FUNCTION IF EXISTS console_notify_card_moved();
DROP FUNCTION IF EXISTS console_notify_cards();
DROP FUNCTION IF EXISTS console_notify_dashboard();

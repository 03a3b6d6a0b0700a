-- Live updates: every writer (web request, worker, import) tells every process
-- through the one channel console_live (lib/live/listener.ts,
-- docs/architecture.md#live-updates).
--
-- NOTIFY is transactional: delivered on commit, dropped on rollback. Payloads
-- carry ids only. The statement-level ones tell the cached counts and lists of
-- a channel (queue, proposals, cards, dashboard) that they changed.

CREATE OR REPLACE FUNCTION console_notify_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."status" IS NOT DISTINCT FROM OLD."status" AND NEW."finishedAt" IS NOT DISTINCT FROM OLD."finishedAt" THEN
    RETURN NEW;
  END IF;
  PERFORM pg_notify('console_live', json_build_object('channel', 'runs', 'id', NEW."id", 'taskId', NEW."taskId", 'batchId', NEW."batchId", 'status', NEW."status")::text);
  IF NEW."batchId" IS NOT NULL THEN
    PERFORM pg_notify('console_live', json_build_object('channel', 'batches', 'id', NEW."id", 'batchId', NEW."batchId", 'status', NEW."status")::text);
  END IF;
  RETURN NEW;
END
$$;
CREATE OR REPLACE TRIGGER "ReflectionRun_notify" AFTER INSERT OR UPDATE ON "ReflectionRun"
  FOR EACH ROW
  EXECUTE FUNCTION console_notify_run();

-- The one notification of a row (its id and status) or of a statement (the
-- channel alone), on the channel the trigger names: console_notify('imports').
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

-- Only a statement that wrote a delta row tells the dashboard; compaction's
-- merged rows change no figure.
CREATE OR REPLACE FUNCTION console_notify_dashboard_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE NOT compacted) THEN
    PERFORM pg_notify('console_live', '{"channel":"dashboard"}');
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "DashboardCell_notify_dashboard" AFTER INSERT ON "DashboardCell"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION console_notify_dashboard_cells();

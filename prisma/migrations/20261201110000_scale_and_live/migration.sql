-- Issue 14: the queue at 100k trajectories, and live updates through LISTEN/NOTIFY.
-- Raw SQL only (partial/expression indexes and triggers that Prisma schema cannot express);
-- Prisma diff leaves them alone (checked: `npm run db:migration` after this one finds nothing to write).

-- The queue (pendingCount > 0) in list order: a page is an ordered index scan instead of a sort of 50,000 rows.
CREATE INDEX "Trajectory_queue_order_idx" ON "Trajectory" ("createdAt", "id") WHERE "pendingCount" > 0;
-- The same, per model (the queue most used filter).
CREATE INDEX "Trajectory_queue_model_order_idx" ON "Trajectory" ("model", "createdAt", "id") WHERE "pendingCount" > 0;
-- The task list natural order ("airline/2" before "airline/16").
CREATE INDEX "Task_list_order_idx" ON "Task" ("benchmark", "ability", length("externalId"), "externalId");

-- Live updates: every writer (web request, worker, import) tells every process through one channel.
-- NOTIFY is transactional: delivered on commit, dropped on rollback. Payloads carry ids only.
CREATE OR REPLACE FUNCTION console_notify_run() RETURNS trigger AS $$ BEGIN IF TG_OP = 'UPDATE' AND NEW."status" IS NOT DISTINCT FROM OLD."status" AND NEW."finishedAt" IS NOT DISTINCT FROM OLD."finishedAt" THEN RETURN NEW; END IF; PERFORM pg_notify('console_live', json_build_object('channel', 'runs', 'id', NEW."id", 'taskId', NEW."taskId", 'batchId', NEW."batchId", 'status', NEW."status")::text); IF NEW."batchId" IS NOT NULL THEN PERFORM pg_notify('console_live', json_build_object('channel', 'batches', 'id', NEW."id", 'batchId', NEW."batchId", 'status', NEW."status")::text); END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "ReflectionRun_notify" AFTER INSERT OR UPDATE ON "ReflectionRun" FOR EACH ROW EXECUTE FUNCTION console_notify_run();

CREATE OR REPLACE FUNCTION console_notify_import() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', json_build_object('channel', 'imports', 'id', NEW."id", 'status', NEW."status")::text); RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "ImportJob_notify" AFTER INSERT OR UPDATE ON "ImportJob" FOR EACH ROW EXECUTE FUNCTION console_notify_import();

-- The review inbox: any proposal written or decided.
CREATE OR REPLACE FUNCTION console_notify_proposal() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', json_build_object('channel', 'proposals', 'id', NEW."id", 'status', NEW."status")::text); RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Proposal_notify" AFTER INSERT OR UPDATE ON "Proposal" FOR EACH ROW EXECUTE FUNCTION console_notify_proposal();

-- The queue size changed (imports, submitted diagnoses, new drafts): once per statement, not per row.
CREATE OR REPLACE FUNCTION console_notify_queue() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', '{"channel":"queue"}'); RETURN NULL; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "Trajectory_notify_queue" AFTER INSERT OR DELETE OR UPDATE OF "pendingCount" ON "Trajectory" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_queue();
CREATE TRIGGER "Diagnosis_notify_queue" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "Diagnosis" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_queue();

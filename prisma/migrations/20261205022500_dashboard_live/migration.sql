-- Live channel "dashboard": an open dashboard redraws when its figures may
-- have changed, instead of showing the figures of when it was opened. Once per
-- statement (the bulk insert of an import is one notification, not one per row):
-- a new delta row in the pass-rate cube (imports, diagnoses submitted or
-- withdrawn, checkpoint results changed, tasks deleted: every write path ends
-- there, see dashboard_summary), and proposals and review decisions (curation,
-- review and bank: the card version of an approval is written in the same
-- transaction as its review). Payload: the channel only.
CREATE OR REPLACE FUNCTION console_notify_dashboard() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('console_live', '{"channel":"dashboard"}'); RETURN NULL; END $$ LANGUAGE plpgsql;
-- Compaction rewrites the cube without changing a figure: its rows (compacted) notify nobody.
CREATE OR REPLACE FUNCTION console_notify_dashboard_cells() RETURNS trigger AS $$ BEGIN IF EXISTS (SELECT 1 FROM new_rows WHERE NOT compacted) THEN PERFORM pg_notify('console_live', '{"channel":"dashboard"}'); END IF; RETURN NULL; END $$ LANGUAGE plpgsql;
CREATE TRIGGER "DashboardCell_notify_dashboard" AFTER INSERT ON "DashboardCell" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_notify_dashboard_cells();
CREATE TRIGGER "Proposal_notify_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "Proposal" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_dashboard();
CREATE TRIGGER "Review_notify_dashboard" AFTER INSERT OR DELETE ON "Review" FOR EACH STATEMENT EXECUTE FUNCTION console_notify_dashboard();

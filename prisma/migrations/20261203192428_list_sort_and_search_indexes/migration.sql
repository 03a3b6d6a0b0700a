-- Filtered and sorted pages of the task list, the review inbox and the card
-- bank that sorted (or walked) every row on each request (bench:api data):
-- the task search "airline/49" 0.11x the no-op, the inbox under "all"
-- statuses 0.17x (a sort of 12,000 proposals), the card bank by title 0.2x
-- (a sort of 3,000 cards).

-- The card bank's title and size orders.
CREATE INDEX "Card_title_id_idx" ON "Card"("title", "id");
CREATE INDEX "Card_sizeBytes_id_idx" ON "Card"("sizeBytes" DESC, "id");

-- The review inbox's list order over every status.
CREATE INDEX "Proposal_createdAt_id_idx" ON "Proposal"("createdAt" DESC, "id" DESC);

-- The task search (part of a task id, ILIKE '%...%'): trigrams. pg_trgm ships
-- with PostgreSQL (contrib) and is a trusted extension: the database's owner
-- may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Task_externalId_trgm_idx" ON "Task" USING GIN ("externalId" gin_trgm_ops);

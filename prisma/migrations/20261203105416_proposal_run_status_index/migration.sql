-- The runs list counts each row's proposals by status (25 runs a page, about six
-- proposals each). With an index on "runId" alone every count visited the
-- proposal rows themselves (a bitmap heap scan per run, 200 pages a list page
-- at 12,000 proposals). With the status in the index the counts are an
-- index-only scan (51 pages, the statement 0.63 ms to 0.42 ms). It also serves
-- every look-up by "runId" alone, so that index goes.
DROP INDEX "Proposal_runId_idx";

CREATE INDEX "Proposal_runId_status_idx" ON "Proposal"("runId", "status");

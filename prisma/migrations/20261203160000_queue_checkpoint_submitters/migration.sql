-- Who has submitted on each failed checkpoint, kept on the trajectory
-- (lib/queue/open-checkpoints.ts). Trajectory."failedCheckpoints" becomes
-- [{ key, name, submitters: [authorId, ...] }] in checkpoint order, the
-- submitters in id order (so an unchanged list compares equal and is not rewritten).
--
-- The queue asks of every row "does a failed checkpoint still wait for this
-- user" (fewer than k submissions, none theirs) and shows those checkpoints.
-- It did so by probing the row's diagnoses and, for a row the user had
-- diagnosed, every failed checkpoint's diagnoses again: an annotator with
-- 10,000 submitted diagnoses paid both look-ups on a fifth of every page and
-- on 10,000 rows of their cached queue count (163 ms, now 101 at bench:api size).
-- With the submitters on the row, both read the row alone.
--
-- The summary recount already runs in the writing transaction of every
-- CheckpointResult and Diagnosis statement (dashboard_summary migration), and
-- already looked up each failed checkpoint's submitted diagnoses to count the
-- diagnosed ones: it now keeps their authors too.

CREATE OR REPLACE FUNCTION "trajectory_summary_recount"(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "Trajectory" t SET "checkpointCount" = s.n, "checkpointsPassed" = s.p, "diagnosedCount" = s.d, "failedCheckpoints" = s.f
  FROM (
    SELECT u.id, count(cr.id)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p,
           (count(*) FILTER (WHERE NOT cr.passed AND sd.authors IS NOT NULL))::int AS d,
           coalesce(jsonb_agg(jsonb_build_object('key', tc.key, 'name', tc.name, 'submitters', coalesce(sd.authors, '[]'))
                              ORDER BY tc.position) FILTER (WHERE NOT cr.passed), '[]') AS f
    FROM (SELECT DISTINCT x AS id FROM unnest(ids) x WHERE x IS NOT NULL) u
    LEFT JOIN "CheckpointResult" cr ON cr."trajectoryId" = u.id
    LEFT JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(d."authorId" ORDER BY d."authorId" COLLATE "C") AS authors FROM "Diagnosis" d
      WHERE NOT cr.passed AND d."checkpointResultId" = cr.id AND d.status = 'SUBMITTED'
    ) sd ON true
    GROUP BY u.id
  ) s
  WHERE t.id = s.id
    AND (t."checkpointCount", t."checkpointsPassed", t."diagnosedCount", t."failedCheckpoints") IS DISTINCT FROM (s.n, s.p, s.d, s.f)
$$;

-- Backfill: every trajectory with a failed checkpoint gets its submitters (an empty list when none).
SELECT "trajectory_summary_recount"(ARRAY(SELECT id FROM "Trajectory" WHERE "failedCheckpoints" <> '[]'));

-- Metadata number: keeps "Trajectory"."agentCost" and "totalTokens", the
-- generated columns the paired report (lib/compare/paired-aggregates.ts) reads
-- per run instead of parsing metadata JSON on every view.
--
-- A generated column must never fail a write: the cast happens only for a JSON
-- number, and only within double precision's range (JSON allows 1e400; such a
-- "cost" is left out, as text is).
CREATE OR REPLACE FUNCTION "metadata_number"(metadata jsonb, path text[]) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Nested CASE, not AND: only a CASE orders the evaluation, and the numeric cast fails on any non-number.
  SELECT CASE WHEN jsonb_typeof(metadata #> path) = 'number' THEN
           CASE WHEN abs((metadata #> path)::numeric) BETWEEN 1e-300 AND 1e300 OR (metadata #> path)::numeric = 0
                THEN (metadata #> path)::numeric::double precision END
         END
$$;

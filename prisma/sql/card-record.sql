-- Card record: keep "CardRecordPair", "CardRecordCount" and "CardRecordRounds",
-- each card's helped / hurt / unchanged flips between consecutive rounds
-- (lib/compare/card-record.ts pairs the same way for one card's page).
--
-- The bank sorts and filters by each card's record and the review inbox shows
-- it next to a PATCH / NARROW / RETIRE proposal; pairing every run per view
-- would read all trajectories of every card. Inserts and deletes recompute the
-- touched (task, trial, model, agent) groups once per statement; an update
-- fires only when a run's pairing key, release, cards, creation time or outcome
-- changes, so the counters every submission moves (pendingCount, status) fire
-- nothing. A change of the round order (a new release) recomputes every group.

-- card_record_rounds: the round order lib/compare/arm-options.ts roundsInOrder() computes ('' = R0): R0 if used, then the
-- used releases by creation, then used names that are no release, by name.
CREATE OR REPLACE FUNCTION "card_record_rounds"() RETURNS text[] LANGUAGE sql STABLE AS $$
  WITH used AS (SELECT release FROM "DashboardCell" GROUP BY release HAVING sum(trajectories) > 0)
  SELECT coalesce(array_agg(x.r ORDER BY x.o1, x.o2, x.o3, x.o4), '{}') FROM (
    SELECT u.release AS r, 0 AS o1, NULL::timestamp AS o2, NULL::text AS o3, NULL::bytea AS o4 FROM used u WHERE u.release = ''
    UNION ALL
    SELECT b.name, 1, b."createdAt", b.name, NULL FROM "BankRelease" b JOIN used u ON u.release = b.name
    UNION ALL
    SELECT u.release, 2, NULL, NULL, convert_to(u.release, 'UTF8') FROM used u
    WHERE u.release <> '' AND NOT EXISTS (SELECT 1 FROM "BankRelease" b WHERE b.name = u.release)
  ) x
$$;

-- card_record_refresh: recompute the pairs of some (task, trial, model, agent) groups under the given round order and move
-- the per-reference totals by the difference. Same pairing as lib/compare/card-record.ts.
CREATE OR REPLACE FUNCTION "card_record_refresh"(t text[], tr int[], m text[], a text[], rounds text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH g AS (SELECT DISTINCT * FROM unnest(t, tr, m, a) AS g("taskId", trial, model, agent)),
  gone AS (
    DELETE FROM "CardRecordPair" p USING g
    WHERE p."taskId" = g."taskId" AND p.trial = g.trial AND p.model = g.model AND p.agent = g.agent
    RETURNING p.ref, p.outcome)
  INSERT INTO "CardRecordCount" AS c (ref, helped, hurt, unchanged)
  SELECT ref, -count(*) FILTER (WHERE outcome = 'helped'), -count(*) FILTER (WHERE outcome = 'hurt'),
         -count(*) FILTER (WHERE outcome = 'unchanged')
  FROM gone GROUP BY ref ORDER BY ref
  ON CONFLICT (ref) DO UPDATE SET helped = c.helped + excluded.helped, hurt = c.hurt + excluded.hurt,
                                  unchanged = c.unchanged + excluded.unchanged;

  WITH g AS (SELECT DISTINCT * FROM unnest(t, tr, m, a) AS g("taskId", trial, model, agent)),
  r AS (SELECT rounds[i] AS release, rounds[i - 1] AS previous FROM generate_subscripts(rounds, 1) i WHERE i > 1),
  b AS (
    SELECT DISTINCT ON (x."taskId", coalesce(x.trial, 0), x.model, coalesce(x.agent, ''), x."memoryRelease", c.ref)
           x.id, c.ref, x."taskId", coalesce(x.trial, 0) AS trial, x.model, coalesce(x.agent, '') AS agent,
           x."memoryRelease" AS release, x.passed
    FROM g JOIN "Trajectory" x ON x."taskId" = g."taskId" AND coalesce(x.trial, 0) = g.trial AND x.model = g.model
                              AND coalesce(x.agent, '') = g.agent
    CROSS JOIN LATERAL unnest(x."memoryCardIds") AS c(ref)
    WHERE x."memoryRelease" IS NOT NULL
    ORDER BY x."taskId", coalesce(x.trial, 0), x.model, coalesce(x.agent, ''), x."memoryRelease", c.ref,
             x."createdAt" DESC, x.id DESC),
  added AS (
    INSERT INTO "CardRecordPair" ("runB", ref, "taskId", trial, model, agent, release, previous, "runA", outcome)
    SELECT b.id, b.ref, b."taskId", b.trial, b.model, b.agent, b.release, r.previous, pa.id,
           CASE WHEN pa.passed = b.passed THEN 'unchanged' WHEN b.passed THEN 'helped' ELSE 'hurt' END
    FROM b JOIN r ON r.release = b.release
    CROSS JOIN LATERAL (
      SELECT y.id, y.passed FROM "Trajectory" y
      WHERE y."taskId" = b."taskId" AND y.model = b.model AND coalesce(y.agent, '') = b.agent
        AND coalesce(y.trial, 0) = b.trial AND coalesce(y."memoryRelease", '') = r.previous
      ORDER BY y."createdAt" DESC, y.id DESC LIMIT 1) pa
    RETURNING ref, outcome)
  INSERT INTO "CardRecordCount" AS c (ref, helped, hurt, unchanged)
  SELECT ref, count(*) FILTER (WHERE outcome = 'helped'), count(*) FILTER (WHERE outcome = 'hurt'),
         count(*) FILTER (WHERE outcome = 'unchanged')
  FROM added GROUP BY ref ORDER BY ref
  ON CONFLICT (ref) DO UPDATE SET helped = c.helped + excluded.helped, hurt = c.hurt + excluded.hurt,
                                  unchanged = c.unchanged + excluded.unchanged;
END
$$;

-- card_record_sync: writers of the same tasks take the same bucket locks (ascending, so never a deadlock between two
-- incremental writers) and each statement after the wait sees the other's committed runs. A change
-- of the round order moves which round precedes a release everywhere: then every group is
-- recomputed under all buckets.
CREATE OR REPLACE FUNCTION "card_record_sync"(t text[], tr int[], m text[], a text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cur text[];
  stored text[];
BEGIN
  cur := "card_record_rounds"();
  SELECT rounds INTO stored FROM "CardRecordRounds" WHERE id = 1;
  IF stored IS NOT DISTINCT FROM cur THEN
    PERFORM pg_advisory_xact_lock(7043100, k) FROM (SELECT DISTINCT hashtext(x) & 63 AS k FROM unnest(t) x ORDER BY 1) s;
    cur := "card_record_rounds"();
    SELECT rounds INTO stored FROM "CardRecordRounds" WHERE id = 1;
    IF stored IS NOT DISTINCT FROM cur THEN
      PERFORM "card_record_refresh"(t, tr, m, a, cur);
      RETURN;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(7043100, k) FROM generate_series(0, 63) k;
  cur := "card_record_rounds"();
  PERFORM "card_record_refresh"(array_agg(g."taskId"), array_agg(g.trial), array_agg(g.model), array_agg(g.agent), cur)
  FROM (
    SELECT "taskId", coalesce(trial, 0) AS trial, model, coalesce(agent, '') AS agent FROM "Trajectory"
    UNION SELECT "taskId", trial, model, agent FROM "CardRecordPair"
  ) g;
  INSERT INTO "CardRecordRounds" (id, rounds) VALUES (1, cur) ON CONFLICT (id) DO UPDATE SET rounds = excluded.rounds;
END
$$;

-- card_record_trigger: the inserted or deleted runs' groups, once per statement (an import writes
-- thousands of runs in a few statements).
CREATE OR REPLACE FUNCTION "card_record_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text[];
  tr int[];
  m text[];
  a text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(g."taskId"), array_agg(g.trial), array_agg(g.model), array_agg(g.agent) INTO t, tr, m, a
    FROM (SELECT DISTINCT "taskId", coalesce(trial, 0) AS trial, model, coalesce(agent, '') AS agent FROM new_rows) g;
  ELSE
    SELECT array_agg(g."taskId"), array_agg(g.trial), array_agg(g.model), array_agg(g.agent) INTO t, tr, m, a
    FROM (SELECT DISTINCT "taskId", coalesce(trial, 0) AS trial, model, coalesce(agent, '') AS agent FROM old_rows) g;
  END IF;
  IF t IS NOT NULL THEN
    PERFORM "card_record_sync"(t, tr, m, a);
  END IF;
  RETURN NULL;
END
$$;

-- card_record_update_trigger: one run whose pairing key, release, cards, creation time or outcome
-- changed (a re-assigned trace, a late checkpoint): its old group and its new.
CREATE OR REPLACE FUNCTION "card_record_update_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "card_record_sync"(
    ARRAY[OLD."taskId", NEW."taskId"],
    ARRAY[coalesce(OLD.trial, 0), coalesce(NEW.trial, 0)],
    ARRAY[OLD.model, NEW.model],
    ARRAY[coalesce(OLD.agent, ''), coalesce(NEW.agent, '')]);
  RETURN NULL;
END
$$;

-- Named to fire after "Trajectory_cells_*" (same event, name order): the round order reads the cube.
CREATE OR REPLACE TRIGGER "Trajectory_zz_card_record_insert" AFTER INSERT ON "Trajectory"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "card_record_trigger"();
CREATE OR REPLACE TRIGGER "Trajectory_zz_card_record_delete" AFTER DELETE ON "Trajectory"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "card_record_trigger"();
-- Trajectory is updated all the time by counters (pendingCount on every diagnosis submission, status,
-- checkpoint recounts): the column list keeps those statements from firing anything, and the WHEN
-- condition skips rows whose values did not move. A column list rules out transition tables, hence a
-- row trigger; updates of these columns are rare and touch few runs.
CREATE OR REPLACE TRIGGER "Trajectory_zz_card_record_update"
  AFTER UPDATE OF "taskId", trial, model, agent, "memoryRelease", "memoryCardIds", "createdAt", passed ON "Trajectory"
  FOR EACH ROW
  WHEN ((OLD."taskId", OLD.trial, OLD.model, OLD.agent, OLD."memoryRelease", OLD."memoryCardIds", OLD."createdAt", OLD.passed)
        IS DISTINCT FROM (NEW."taskId", NEW.trial, NEW.model, NEW.agent, NEW."memoryRelease", NEW."memoryCardIds", NEW."createdAt", NEW.passed))
  EXECUTE FUNCTION "card_record_update_trigger"();

-- card_record_release_trigger: a release created after runs already named it moves it in the round order.
CREATE OR REPLACE FUNCTION "card_record_release_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "card_record_sync"('{}', '{}', '{}', '{}');
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "BankRelease_card_record" AFTER INSERT ON "BankRelease"
  FOR EACH STATEMENT EXECUTE FUNCTION "card_record_release_trigger"();

-- card_record_truncate_trigger: TRUNCATE fires no row or statement delete triggers: emptying the runs empties their pairs.
CREATE OR REPLACE FUNCTION "card_record_truncate_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "CardRecordPair";
  DELETE FROM "CardRecordCount";
  DELETE FROM "CardRecordRounds";
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "Trajectory_zz_card_record_truncate" AFTER TRUNCATE ON "Trajectory"
  FOR EACH STATEMENT EXECUTE FUNCTION "card_record_truncate_trigger"();

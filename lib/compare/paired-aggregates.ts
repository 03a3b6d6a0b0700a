import { Prisma } from '@prisma/client';
import { queryLongInMemory } from '@/lib/db/sql';
import type { ArmSpec, CompareScope } from './arm-spec';
import type { DifferenceHistogram } from './paired-statistics';
import { armWhere } from './load-arm-runs';

/** How two runs of one task and trial compare: both passed, both failed, fixed (fail→pass) or broke (pass→fail). */
export type PairKind = 'bothPass' | 'bothFail' | 'fixed' | 'broke';

/** A task present in one arm only: counted and listed, never dropped silently. */
export type LoneTask = { taskId: string; taskExternalId: string; benchmark: string; runs: number };

export type KindCounts = Record<PairKind, number> & { pairs: number };

/** One row of the grouped counts: every pair (`all`), one ability, or one model (`A → B` when the arms differ). */
export type GroupCounts = KindCounts & { dim: 'all' | 'ability' | 'model'; group: string | null };

/** A flipped pair, the columns the report lists (never events or text). */
export type FlipRow = {
  kind: 'fixed' | 'broke';
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  ability: string | null;
  trial: number | null;
  modelA: string;
  modelB: string;
  runA: string;
  runB: string;
  checkpointsA: [number, number];
  checkpointsB: [number, number];
  cardIdsB: string[];
};

export type ArmTotals = { runs: number; tasks: number; keys: number; releases: string[] };

/** A side's mean over the pairs where the figure is recorded, and how many pairs that is. */
export type SideMean = { a: number | null; b: number | null; nA: number; nB: number };

export type PairedAggregates = {
  /** What a pair has in common beside the task and trial. */
  dims: { model: boolean; agent: boolean };
  arms: { a: ArmTotals; b: ArmTotals };
  groups: GroupCounts[];
  /** Tasks (pairing key without the trial) with `trials` pairs, of which A passed `passedA` and B `passedB`: `tasks` of them. */
  trialHistogram: { trials: number; passedA: number; passedB: number; tasks: number }[];
  events: SideMean;
  cost: SideMean;
  tokens: SideMean;
  /** Over pairs where both runs have checkpoints: each side's mean share passed, and the B − A shares' histogram. */
  checkpoint: { a: number | null; b: number | null; histogram: DifferenceHistogram };
  flips: FlipRow[];
  onlyA: LoneTask[];
  onlyB: LoneTask[];
  unpairedTrials: { a: number; b: number };
};

/** The statement's one row: the group rows carry the means (read from the row of every pair). */
type StatementRow = Omit<PairedAggregates, 'groups' | 'events' | 'cost' | 'tokens' | 'checkpoint'> & {
  groups:
    | (GroupCounts & {
        means: {
          events: SideMean;
          cost: SideMean;
          tokens: SideMean;
          checkpointA: number | null;
          checkpointB: number | null;
        };
      })[]
    | null;
  checkpointHistogram: DifferenceHistogram;
};

/**
 * The columns pairing reads from each run of an arm, all carried by Trajectory_compare_arm_idx (an
 * arm named by release is an index-only range). `tr` is the trial as paired: none is trial 0.
 */
const armRows = (where: Prisma.Sql) => Prisma.sql`
  SELECT t.id, t."taskId", coalesce(t.trial, 0) AS tr, t.trial, t.passed, t."checkpointCount" AS cc,
         t."checkpointsPassed" AS cp, t."eventCount" AS ev, t.model, coalesce(t.agent, '') AS agent, t.ability,
         t."agentCost" AS cost, t."totalTokens" AS tokens, t."memoryRelease" AS release, t."createdAt"
  FROM "Trajectory" t WHERE ${where}`;

/**
 * The newest run of each pairing key of one arm (a re-run supersedes the older one): task and trial,
 * plus model and agent where `dims` keeps them ('' otherwise, so the join ignores them). Sorted in the
 * C collation: equality is the same for a deterministic collation, and byte-wise comparisons are a
 * fraction of the locale's.
 */
const newestPerKey = (rows: Prisma.Sql) => Prisma.sql`
  SELECT DISTINCT ON ("taskId" COLLATE "C", tr, km COLLATE "C", kg COLLATE "C") r.* FROM (
    SELECT x.*, CASE WHEN d.model THEN x.model ELSE '' END AS km, CASE WHEN d.agent THEN x.agent ELSE '' END AS kg
    FROM ${rows} x, dims d) r
  ORDER BY "taskId" COLLATE "C", tr, km COLLATE "C", kg COLLATE "C", "createdAt" DESC, id DESC`;

/**
 * One pass over an arm for its run count and whether it runs several models or agents (the smallest
 * and the largest value differ: nothing hashed or sorted). Releases are listed only when there are
 * several, which an arm named by release never has. Compared in the C collation, byte-wise.
 */
const armFacts = (rows: Prisma.Sql) => Prisma.sql`
  SELECT count(*)::int AS runs, min(model COLLATE "C") <> max(model COLLATE "C") AS models,
         min(agent COLLATE "C") <> max(agent COLLATE "C") AS agents,
         CASE WHEN min(release COLLATE "C") = max(release COLLATE "C") THEN ARRAY[min(release COLLATE "C")]
              WHEN min(release COLLATE "C") IS NULL THEN '{}'::text[]
              ELSE (SELECT array_agg(release ORDER BY release COLLATE "C")
                    FROM (SELECT DISTINCT release FROM ${rows} WHERE release IS NOT NULL) d) END AS releases
  FROM ${rows}`;

/** Tasks of one arm the other lacks (`side` keys only), with their run counts and task fields. */
const lone = (side: Prisma.Sql, other: Prisma.Sql, rows: Prisma.Sql) => Prisma.sql`
  (SELECT coalesce(json_agg(l), '[]') FROM (
     SELECT r."taskId", k."externalId" AS "taskExternalId", k.benchmark, count(*)::int AS runs
     FROM ${rows} r JOIN pt ON pt."taskId" = r."taskId" AND pt.${side} > 0 AND pt.${other} = 0
     JOIN "Task" k ON k.id = r."taskId" GROUP BY 1, 2, 3) l)`;

const sideMean = (name: string, a: string, b: string) => {
  const [ca, cb] = [Prisma.raw(a), Prisma.raw(b)];
  return Prisma.sql`'${Prisma.raw(name)}', json_build_object('a', avg(${ca}::float8), 'b', avg(${cb}::float8), 'nA', count(${ca}), 'nB', count(${cb}))`;
};

// Each arm's newest-run-per-key sort holds the arm's narrow rows (tens of thousands at a few MB): in
// memory, not in spill files, as the server's default work_mem would have it.
const WORK_MEM_MB = 64;

/**
 * Pairs two arms' runs by task and trial (a run without a trial is trial 0), plus model and agent
 * when the arms do not differ by them, and counts everything the report shows, in one statement:
 * only counts, the flipped pairs, the lone tasks and the histogram of checkpoint differences leave
 * the database; the statistics are computed from them in Node (build-report.ts).
 *
 * Model and agent join the key unless `pinned` (the arm specs set them to different values) or each
 * arm has one value: releases R1 and R2, each run with two models, pair gpt-4.1 with gpt-4.1; the
 * base model's import against its fine-tune's pairs by task and trial alone.
 */
export async function pairedAggregates(
  a: ArmSpec,
  b: ArmSpec,
  scope: CompareScope,
  taskIds: string[] | null,
  pinned: { model: boolean; agent: boolean },
): Promise<PairedAggregates> {
  const [row] = await queryLongInMemory<StatementRow>(pairedAggregatesSql(a, b, scope, taskIds, pinned), WORK_MEM_MB);
  const byPlace = (x: LoneTask, y: LoneTask) =>
    x.benchmark.localeCompare(y.benchmark) || x.taskExternalId.localeCompare(y.taskExternalId);
  const groups = row.groups ?? [];
  const all = groups.find((g) => g.dim === 'all')?.means;
  const none: SideMean = { a: null, b: null, nA: 0, nB: 0 };
  return {
    dims: row.dims,
    arms: row.arms,
    groups: groups.map(({ means: _means, ...g }) => g),
    trialHistogram: row.trialHistogram,
    events: all?.events ?? none,
    cost: all?.cost ?? none,
    tokens: all?.tokens ?? none,
    checkpoint: { a: all?.checkpointA ?? null, b: all?.checkpointB ?? null, histogram: row.checkpointHistogram },
    flips: row.flips,
    onlyA: row.onlyA.sort(byPlace),
    onlyB: row.onlyB.sort(byPlace),
    unpairedTrials: row.unpairedTrials,
  };
}

/** The one statement of pairedAggregates. */
export function pairedAggregatesSql(
  a: ArmSpec,
  b: ArmSpec,
  scope: CompareScope,
  taskIds: string[] | null,
  pinned: { model: boolean; agent: boolean },
): Prisma.Sql {
  const [ra, rb, na, nb] = ['ra', 'rb', 'na', 'nb'].map((n) => Prisma.raw(n));
  // Each arm is read once (an index-only range when named by release) and its newest run per key kept;
  // one full join of the two gives the pairs and the keys either arm lacks; every figure is one
  // aggregate over that join. The key's model and agent are '' unless `dims` keeps them.
  return Prisma.sql`
    WITH ra AS MATERIALIZED (${armRows(armWhere(a, scope, taskIds))}),
    rb AS MATERIALIZED (${armRows(armWhere(b, scope, taskIds))}),
    fa AS MATERIALIZED (${armFacts(ra)}),
    fb AS MATERIALIZED (${armFacts(rb)}),
    dims AS MATERIALIZED (
      SELECT NOT ${pinned.model} AND coalesce(fa.models OR fb.models, fa.models, fb.models, false) AS model,
             NOT ${pinned.agent} AND coalesce(fa.agents OR fb.agents, fa.agents, fb.agents, false) AS agent
      FROM fa, fb),
    ka AS MATERIALIZED (${newestPerKey(ra)}),
    kb AS MATERIALIZED (${newestPerKey(rb)}),
    -- Joined on the keys in the C collation, the order ka and kb come in: a merge join without a sort.
    j AS MATERIALIZED (
      SELECT coalesce(ka."taskId", kb."taskId") AS "taskId", coalesce(ka.km, kb.km) AS km, coalesce(ka.kg, kb.kg) AS kg,
             ka.id AS a_id, kb.id AS b_id, ka.ability, ka.trial, ka.model AS a_model,
             kb.model AS b_model, ka.passed AS a_pass, kb.passed AS b_pass, ka.cc AS a_cc, ka.cp AS a_cp,
             kb.cc AS b_cc, kb.cp AS b_cp, ka.ev AS a_ev, kb.ev AS b_ev, ka.cost AS a_cost, kb.cost AS b_cost,
             ka.tokens AS a_tok, kb.tokens AS b_tok
      FROM ka FULL JOIN kb ON ka."taskId" COLLATE "C" = kb."taskId" COLLATE "C" AND ka.tr = kb.tr
                          AND ka.km COLLATE "C" = kb.km COLLATE "C" AND ka.kg COLLATE "C" = kb.kg COLLATE "C"),
    -- Per task: keys of each arm and pairs (a task is in an arm when it has a key there).
    pt AS MATERIALIZED (
      SELECT "taskId", count(a_id) AS na, count(b_id) AS nb, count(a_id) FILTER (WHERE b_id IS NOT NULL) AS np
      FROM j GROUP BY "taskId"),
    p AS (SELECT * FROM j WHERE a_id IS NOT NULL AND b_id IS NOT NULL)
    SELECT
      (SELECT row_to_json(dims) FROM dims) AS dims,
      (SELECT json_build_object(
         'a', json_build_object('runs', (SELECT runs FROM fa), 'releases', (SELECT releases FROM fa),
                                'tasks', count(*) FILTER (WHERE na > 0), 'keys', coalesce(sum(na), 0)),
         'b', json_build_object('runs', (SELECT runs FROM fb), 'releases', (SELECT releases FROM fb),
                                'tasks', count(*) FILTER (WHERE nb > 0), 'keys', coalesce(sum(nb), 0)))
       FROM pt) AS arms,
      (SELECT json_build_object('a', coalesce(sum(na - np) FILTER (WHERE nb > 0), 0), 'b', coalesce(sum(nb - np) FILTER (WHERE na > 0), 0))
       FROM pt) AS "unpairedTrials",
      (SELECT json_agg(g) FROM (
         SELECT CASE WHEN GROUPING(ability) = 0 THEN 'ability' WHEN GROUPING(mg) = 0 THEN 'model' ELSE 'all' END AS dim,
                CASE WHEN GROUPING(ability) = 0 THEN ability ELSE mg END AS "group",
                count(*) AS pairs, count(*) FILTER (WHERE a_pass AND b_pass) AS "bothPass",
                count(*) FILTER (WHERE NOT a_pass AND NOT b_pass) AS "bothFail",
                count(*) FILTER (WHERE NOT a_pass AND b_pass) AS fixed, count(*) FILTER (WHERE a_pass AND NOT b_pass) AS broke,
                json_build_object(${sideMean('events', 'a_ev', 'b_ev')}, ${sideMean('cost', 'a_cost', 'b_cost')},
                                  ${sideMean('tokens', 'a_tok', 'b_tok')},
                                  'checkpointA', avg(a_cp::float8 / a_cc) FILTER (WHERE a_cc > 0 AND b_cc > 0),
                                  'checkpointB', avg(b_cp::float8 / b_cc) FILTER (WHERE a_cc > 0 AND b_cc > 0)) AS means
         FROM (SELECT ability COLLATE "C" AS ability, a_pass, b_pass, a_ev, b_ev, a_cost, b_cost, a_tok, b_tok, a_cp, a_cc, b_cp, b_cc,
                CASE WHEN a_model = b_model THEN a_model ELSE a_model || ' → ' || b_model END AS mg FROM p) x
         GROUP BY GROUPING SETS ((), (ability), (mg))) g) AS groups,
      (SELECT coalesce(json_agg(h), '[]') FROM (
         SELECT trials, "passedA", "passedB", count(*) AS tasks FROM (
           SELECT count(*) AS trials, count(*) FILTER (WHERE a_pass) AS "passedA", count(*) FILTER (WHERE b_pass) AS "passedB"
           FROM p GROUP BY "taskId", km, kg) t
         GROUP BY 1, 2, 3) h) AS "trialHistogram",
      (SELECT coalesce(json_agg(json_build_object('value', value, 'count', n) ORDER BY value), '[]') FROM (
         SELECT b_cp::float8 / b_cc - a_cp::float8 / a_cc AS value, count(*) AS n FROM p WHERE a_cc > 0 AND b_cc > 0 GROUP BY 1) h
      ) AS "checkpointHistogram",
      (SELECT coalesce(json_agg(f), '[]') FROM (
         SELECT CASE WHEN b_pass THEN 'fixed' ELSE 'broke' END AS kind, p."taskId", tb."taskExternalId", tb.benchmark,
                p.ability, p.trial, a_model AS "modelA", b_model AS "modelB", a_id AS "runA", b_id AS "runB",
                json_build_array(a_cp, a_cc) AS "checkpointsA", json_build_array(b_cp, b_cc) AS "checkpointsB",
                tb."memoryCardIds" AS "cardIdsB"
         -- Each flip's later run by its key (OFFSET 0 keeps the look-up per flip, never a scan of every run).
         FROM p CROSS JOIN LATERAL (
           SELECT t."taskExternalId", t.benchmark, t."memoryCardIds" FROM "Trajectory" t WHERE t.id = p.b_id OFFSET 0) tb
         WHERE a_pass <> b_pass) f) AS flips,
      ${lone(na, nb, ra)} AS "onlyA",
      ${lone(nb, na, rb)} AS "onlyB"`;
}

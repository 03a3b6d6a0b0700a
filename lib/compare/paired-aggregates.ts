import { Prisma } from '@prisma/client';
import { queryLong } from '@/lib/db/sql';
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
 * plus model and agent where `dims` keeps them ('' otherwise, so the join ignores them). Task and trial
 * lead, in the index's order, so the arm's range needs no sort when model and agent are not keyed.
 */
const newestPerKey = (rows: Prisma.Sql) => Prisma.sql`
  SELECT DISTINCT ON ("taskId", tr, km, kg) r.* FROM (
    SELECT x.*, CASE WHEN d.model THEN x.model ELSE '' END AS km, CASE WHEN d.agent THEN x.agent ELSE '' END AS kg
    FROM ${rows} x, dims d) r
  ORDER BY "taskId", tr, km, kg, "createdAt" DESC, id DESC`;

// Distinct counts as DISTINCT subqueries: PostgreSQL hashes those, where count(DISTINCT …) sorts.
const distinctCount = (select: Prisma.Sql) => Prisma.sql`(SELECT count(*)::int FROM (${select}) d)`;

const totals = (rows: Prisma.Sql, keys: Prisma.Sql) => Prisma.sql`
  json_build_object(
    'runs', (SELECT count(*) FROM ${rows}),
    'tasks', ${distinctCount(Prisma.sql`SELECT DISTINCT "taskId" FROM ${rows}`)},
    'keys', (SELECT count(*) FROM ${keys}),
    'releases', (SELECT coalesce(array_agg(release ORDER BY release COLLATE "C"), '{}')
                 FROM (SELECT DISTINCT release FROM ${rows} WHERE release IS NOT NULL) d))`;

/** Tasks of one arm the other lacks, with their run counts (task fields from the task: few rows). */
const lone = (rows: Prisma.Sql, other: Prisma.Sql) => Prisma.sql`
  (SELECT coalesce(json_agg(l), '[]') FROM (
     SELECT x."taskId", k."externalId" AS "taskExternalId", k.benchmark, x.runs FROM (
       SELECT "taskId", count(*)::int AS runs FROM ${rows} r
       WHERE NOT EXISTS (SELECT 1 FROM ${other} o WHERE o."taskId" = r."taskId") GROUP BY 1) x
     JOIN "Task" k ON k.id = x."taskId") l)`;

/** Keys of one arm the other lacks, on a task the other has (3 trials against 5: 2 unpaired). */
const unpaired = (keys: Prisma.Sql, otherKeys: Prisma.Sql) => Prisma.sql`
  (SELECT count(*)::int FROM ${keys} k
   WHERE NOT EXISTS (SELECT 1 FROM ${otherKeys} o WHERE (o."taskId", o.tr, o.km, o.kg) = (k."taskId", k.tr, k.km, k.kg))
     AND EXISTS (SELECT 1 FROM ${otherKeys} o WHERE o."taskId" = k."taskId"))`;

const sideMean = (a: string, b: string) => {
  const [ca, cb] = [Prisma.raw(a), Prisma.raw(b)];
  return Prisma.sql`json_build_object('a', avg(${ca}::float8), 'b', avg(${cb}::float8), 'nA', count(${ca}), 'nB', count(${cb}))`;
};

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
  const [row] = await queryLong<PairedAggregates>(pairedAggregatesSql(a, b, scope, taskIds, pinned));
  const byPlace = (x: LoneTask, y: LoneTask) =>
    x.benchmark.localeCompare(y.benchmark) || x.taskExternalId.localeCompare(y.taskExternalId);
  return { ...row, groups: row.groups ?? [], onlyA: row.onlyA.sort(byPlace), onlyB: row.onlyB.sort(byPlace) };
}

/** The one statement of pairedAggregates. */
export function pairedAggregatesSql(
  a: ArmSpec,
  b: ArmSpec,
  scope: CompareScope,
  taskIds: string[] | null,
  pinned: { model: boolean; agent: boolean },
): Prisma.Sql {
  const [ra, rb, ka, kb] = ['ra', 'rb', 'ka', 'kb'].map((n) => Prisma.raw(n));
  return Prisma.sql`
    WITH ra AS MATERIALIZED (${armRows(armWhere(a, scope, taskIds))}),
    rb AS MATERIALIZED (${armRows(armWhere(b, scope, taskIds))}),
    dims AS (
      SELECT NOT ${pinned.model} AND (${distinctCount(Prisma.sql`SELECT DISTINCT model FROM ra`)} > 1
                                  OR ${distinctCount(Prisma.sql`SELECT DISTINCT model FROM rb`)} > 1) AS model,
             NOT ${pinned.agent} AND (${distinctCount(Prisma.sql`SELECT DISTINCT agent FROM ra`)} > 1
                                  OR ${distinctCount(Prisma.sql`SELECT DISTINCT agent FROM rb`)} > 1) AS agent),
    ka AS MATERIALIZED (${newestPerKey(ra)}),
    kb AS MATERIALIZED (${newestPerKey(rb)}),
    p AS MATERIALIZED (
      SELECT "taskId", tr, km, kg, ka.ability, ka.trial, ka.id AS a_id, kb.id AS b_id, ka.model AS a_model,
             kb.model AS b_model, ka.passed AS a_pass, kb.passed AS b_pass, ka.cc AS a_cc, ka.cp AS a_cp,
             kb.cc AS b_cc, kb.cp AS b_cp, ka.ev AS a_ev, kb.ev AS b_ev, ka.cost AS a_cost, kb.cost AS b_cost,
             ka.tokens AS a_tok, kb.tokens AS b_tok
      FROM ka JOIN kb USING ("taskId", tr, km, kg)),
    -- Each pair's checkpoint shares where both runs have checkpoints (partial credit), and B − A.
    cs AS MATERIALIZED (
      SELECT a_cp::float8 / a_cc AS sa, b_cp::float8 / b_cc AS sb, b_cp::float8 / b_cc - a_cp::float8 / a_cc AS d
      FROM p WHERE a_cc > 0 AND b_cc > 0)
    SELECT
      (SELECT row_to_json(dims) FROM dims) AS dims,
      json_build_object('a', ${totals(ra, ka)}, 'b', ${totals(rb, kb)}) AS arms,
      (SELECT json_agg(g) FROM (
         SELECT CASE WHEN GROUPING(ability) = 0 THEN 'ability' WHEN GROUPING(mg) = 0 THEN 'model' ELSE 'all' END AS dim,
                CASE WHEN GROUPING(ability) = 0 THEN ability ELSE mg END AS "group",
                count(*) AS pairs, count(*) FILTER (WHERE a_pass AND b_pass) AS "bothPass",
                count(*) FILTER (WHERE NOT a_pass AND NOT b_pass) AS "bothFail",
                count(*) FILTER (WHERE NOT a_pass AND b_pass) AS fixed, count(*) FILTER (WHERE a_pass AND NOT b_pass) AS broke
         FROM (SELECT ability, a_pass, b_pass, CASE WHEN a_model = b_model THEN a_model ELSE a_model || ' → ' || b_model END AS mg FROM p) x
         GROUP BY GROUPING SETS ((), (ability), (mg))) g) AS groups,
      (SELECT coalesce(json_agg(h), '[]') FROM (
         SELECT trials, "passedA", "passedB", count(*) AS tasks FROM (
           SELECT count(*) AS trials, count(*) FILTER (WHERE a_pass) AS "passedA", count(*) FILTER (WHERE b_pass) AS "passedB"
           FROM p GROUP BY "taskId", km, kg) t
         GROUP BY 1, 2, 3) h) AS "trialHistogram",
      (SELECT ${sideMean('a_ev', 'b_ev')} FROM p) AS events,
      (SELECT ${sideMean('a_cost', 'b_cost')} FROM p) AS cost,
      (SELECT ${sideMean('a_tok', 'b_tok')} FROM p) AS tokens,
      (SELECT json_build_object('a', avg(sa), 'b', avg(sb),
                                'histogram', (SELECT coalesce(json_agg(json_build_object('value', value, 'count', n) ORDER BY value), '[]')
                                              FROM (SELECT d AS value, count(*) AS n FROM cs GROUP BY d) h))
       FROM cs) AS checkpoint,
      (SELECT coalesce(json_agg(f), '[]') FROM (
         SELECT CASE WHEN b_pass THEN 'fixed' ELSE 'broke' END AS kind, p."taskId", tb."taskExternalId", tb.benchmark,
                p.ability, p.trial, a_model AS "modelA", b_model AS "modelB", a_id AS "runA", b_id AS "runB",
                json_build_array(a_cp, a_cc) AS "checkpointsA", json_build_array(b_cp, b_cc) AS "checkpointsB",
                tb."memoryCardIds" AS "cardIdsB"
         FROM p JOIN "Trajectory" tb ON tb.id = p.b_id WHERE a_pass <> b_pass) f) AS flips,
      ${lone(ra, rb)} AS "onlyA",
      ${lone(rb, ra)} AS "onlyB",
      json_build_object('a', ${unpaired(ka, kb)}, 'b', ${unpaired(kb, ka)}) AS "unpairedTrials"`;
}

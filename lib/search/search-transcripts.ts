import { Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { plannedRows } from '@/lib/db/row-estimate';
import { sqlStateOf } from '@/lib/db/transient-error';
import { AppError } from '@/lib/errors';
import {
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  searchQuerySchema,
  type SearchGroup,
  type SearchHit,
  type SearchResult,
} from './search-query';

/**
 * At most this many matching events are ranked and grouped per query. A query
 * matching more (a very common word over millions of events) is answered from
 * the first CANDIDATE_CAP matches and says so (`capped`, with the planner's
 * estimate of the full count), which keeps every query bounded instead of
 * ranking the whole table.
 */
export const CANDIDATE_CAP = 5000;
const HITS_PER_TRAJECTORY = 3;
const STATEMENT_TIMEOUT_MS = 15_000;
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

type Query = ReturnType<typeof searchQuerySchema.parse>;

// The searchable text of an event: the same fields the generated tsvector covers (see the migration).
const eventText = (e: string) =>
  Prisma.raw(
    `coalesce(${e}.tool, '') || ' ' || coalesce(${e}.content, '') || ' ' || left(coalesce(${e}.arguments::text, ''), 4000)`,
  );

/** Conditions on the event `e`, and on its trajectory `t` (joined only when one of these is asked for). */
function conditions(query: Query): { where: Prisma.Sql[]; needsTrajectory: boolean } {
  const where: Prisma.Sql[] = [];
  if (query.q) where.push(Prisma.sql`e."searchVector" @@ websearch_to_tsquery('english', ${query.q})`);
  if (query.tool) where.push(Prisma.sql`e.tool = ${query.tool}`);
  if (query.source) where.push(Prisma.sql`e.source = ${query.source}::"EventSource"`);
  if (query.type) where.push(Prisma.sql`e.type = ${query.type}::"EventType"`);
  const onTrajectory: Prisma.Sql[] = [];
  if (query.outcome) onTrajectory.push(Prisma.sql`t.passed = ${query.outcome === 'passed'}`);
  if (query.checkpointFailed) onTrajectory.push(Prisma.sql`t."failedCount" > 0`);
  if (query.model) onTrajectory.push(Prisma.sql`t.model = ${query.model}`);
  if (query.benchmark)
    onTrajectory.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "Task" k WHERE k.id = t."taskId" AND k.benchmark = ${query.benchmark})`,
    );
  return { where: [...where, ...onTrajectory], needsTrajectory: onTrajectory.length > 0 };
}

/** One hit as the query returns it: the hit, its trajectory's fields beside it, and the group's match count and best rank. */
type HitRow = SearchHit &
  Omit<SearchGroup['trajectory'], 'id'> & { trajectoryId: string; matchCount: number; best: number };

/**
 * Full-text search over trajectory events (GIN index on the generated
 * tsvector, websearch_to_tsquery syntax) with structured filters. Results are
 * grouped by trajectory, best-ranked first, with the top hits of each and the
 * event before and after each hit as context.
 *
 * One statement does it all — capped candidates, ranked once each → groups →
 * this page's groups → their top hits, highlighted, with neighbours and
 * trajectory labels — so a page costs one round trip, and highlighting
 * (ts_headline, the slow part per event) runs for the ≤ 60 shown hits only.
 */
export async function searchTranscripts(actor: Actor, input: unknown): Promise<SearchResult> {
  requirePermission(actor, 'trajectory:read');
  const started = performance.now();
  const query = searchQuerySchema.parse(input);
  if (!query.q && !query.tool)
    throw new AppError('VALIDATION', 'Enter search words (q) or a tool (App.function) to search for', [
      { path: 'q', message: 'Required unless tool is given' },
    ]);
  const { where, needsTrajectory } = conditions(query);
  const tsquery = query.q ? Prisma.sql`websearch_to_tsquery('english', ${query.q})` : null;
  const rank = tsquery ? Prisma.sql`ts_rank_cd(e."searchVector", ${tsquery})` : Prisma.sql`0::real`;
  const headline = tsquery
    ? Prisma.sql`ts_headline('english', ${eventText('e')}, ${tsquery}, ${HEADLINE_OPTIONS})`
    : Prisma.sql`left(${eventText('e')}, 300)`;
  const neighbour = (n: string) =>
    Prisma.sql`CASE WHEN ${Prisma.raw(n)}.id IS NULL THEN NULL ELSE json_build_object('position', ${Prisma.raw(n)}.position, 'source', ${Prisma.raw(n)}.source, 'type', ${Prisma.raw(n)}.type, 'tool', ${Prisma.raw(n)}.tool, 'headline', btrim(left(${eventText(n)}, 200))) END`;
  const offset = (query.page - 1) * query.pageSize;

  const statement = Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT e."trajectoryId", e.position, ${rank} AS rank
      FROM "Event" e ${needsTrajectory ? Prisma.sql`JOIN "Trajectory" t ON t.id = e."trajectoryId"` : Prisma.empty}
      WHERE ${Prisma.join(where, ' AND ')}
      LIMIT ${CANDIDATE_CAP + 1}
    ), groups AS (
      SELECT "trajectoryId", max(rank) AS best, count(*)::int AS "matchCount" FROM hits GROUP BY "trajectoryId"
    ), page AS (
      SELECT * FROM groups ORDER BY best DESC, "trajectoryId" LIMIT ${query.pageSize} OFFSET ${offset}
    ), top AS (
      SELECT * FROM (
        SELECT h.*, row_number() OVER (PARTITION BY h."trajectoryId" ORDER BY h.rank DESC, h.position) AS rn
        FROM hits h WHERE h."trajectoryId" IN (SELECT "trajectoryId" FROM page)
      ) x WHERE rn <= ${HITS_PER_TRAJECTORY}
    ), shown AS (
      SELECT top."trajectoryId", top.position, top.rank::float8 AS rank, p."matchCount", p.best::float8 AS best,
             e.source, e.type, e.tool, btrim(${headline}) AS headline, ${neighbour('b')} AS before, ${neighbour('a')} AS after,
             t."externalId", t.model, t.passed, t."failedCount", t."taskId", k."externalId" AS "taskExternalId", k.benchmark
      FROM top JOIN page p USING ("trajectoryId")
      JOIN "Event" e ON e."trajectoryId" = top."trajectoryId" AND e.position = top.position
      LEFT JOIN "Event" b ON b."trajectoryId" = top."trajectoryId" AND b.position = top.position - 1
      LEFT JOIN "Event" a ON a."trajectoryId" = top."trajectoryId" AND a.position = top.position + 1
      JOIN "Trajectory" t ON t.id = top."trajectoryId" JOIN "Task" k ON k.id = t."taskId"
    )
    SELECT (SELECT count(*)::int FROM hits) AS "matchedEvents", (SELECT count(*)::int FROM groups) AS "matchedTrajectories",
           coalesce((SELECT json_agg(s ORDER BY s.best DESC, s."trajectoryId", s.rank DESC, s.position) FROM shown s), '[]'::json) AS hits`;

  // Exact bitmaps (a lossy one rechecks every row of its pages) and no parallel workers: with the
  // LIMIT, a single process stops sooner than workers start on a busy machine. A phrase of common
  // words rechecks every candidate's positions on the heap: bounded by a statement timeout.
  const summary = await prisma
    .$transaction(
      async (tx) => {
        await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
        await tx.$executeRaw`SET LOCAL max_parallel_workers_per_gather = 0`;
        await tx.$executeRaw`SET LOCAL statement_timeout = '${Prisma.raw(String(STATEMENT_TIMEOUT_MS))}ms'`;
        const [row] =
          await tx.$queryRaw<{ matchedEvents: number; matchedTrajectories: number; hits: HitRow[] }[]>(statement);
        return row;
      },
      { timeout: STATEMENT_TIMEOUT_MS + 5000 },
    )
    .catch((err: unknown) => {
      // 57014 (query_canceled): the statement timeout set above.
      if (sqlStateOf(err) === '57014')
        throw new AppError(
          'VALIDATION',
          `This search took longer than ${STATEMENT_TIMEOUT_MS / 1000} s: add a word or a filter`,
          [{ path: 'q', message: 'Too broad' }],
        );
      throw err;
    });
  const capped = summary.matchedEvents > CANDIDATE_CAP;
  return {
    groups: toGroups(summary.hits),
    matchedEvents: Math.min(summary.matchedEvents, CANDIDATE_CAP),
    estimatedEvents: capped ? await estimateMatches(where, needsTrajectory) : null,
    matchedTrajectories: summary.matchedTrajectories,
    capped,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(summary.matchedTrajectories / query.pageSize)),
    tookMs: Math.round(performance.now() - started),
  };
}

/** The planner's estimate of all matching events (from the tsvector statistics): counting them would scan them all. */
async function estimateMatches(where: Prisma.Sql[], needsTrajectory: boolean): Promise<number | null> {
  const rows = await plannedRows(Prisma.sql`
    SELECT 1 FROM "Event" e ${needsTrajectory ? Prisma.sql`JOIN "Trajectory" t ON t.id = e."trajectoryId"` : Prisma.empty}
    WHERE ${Prisma.join(where, ' AND ')}`);
  return rows === null ? null : Math.max(CANDIDATE_CAP + 1, rows);
}

function toGroups(rows: HitRow[]): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const h of rows) {
    let g = groups.get(h.trajectoryId);
    if (!g) {
      g = {
        trajectory: {
          id: h.trajectoryId,
          externalId: h.externalId,
          model: h.model,
          passed: h.passed,
          failedCount: h.failedCount,
          taskId: h.taskId,
          taskExternalId: h.taskExternalId,
          benchmark: h.benchmark,
        },
        matchCount: h.matchCount,
        hits: [],
      };
      groups.set(h.trajectoryId, g);
    }
    g.hits.push({
      position: h.position,
      source: h.source,
      type: h.type,
      tool: h.tool,
      headline: h.headline,
      rank: h.rank,
      before: h.before,
      after: h.after,
    });
  }
  return [...groups.values()];
}

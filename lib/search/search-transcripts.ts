import { Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, searchQuerySchema, type SearchEvent, type SearchGroup, type SearchResult } from './search-query';

/**
 * At most this many matching events are ranked and grouped per query. A query
 * matching more (a very common word over millions of events) is answered from
 * the first CANDIDATE_CAP matches and says so (`capped`), which keeps every
 * query bounded instead of ranking the whole table.
 */
export const CANDIDATE_CAP = 5000;
const HITS_PER_TRAJECTORY = 3;

// The searchable text of an event: the same fields the generated tsvector covers (see the migration).
const EVENT_TEXT = Prisma.sql`coalesce(e.tool, '') || ' ' || coalesce(e.content, '') || ' ' || left(coalesce(e.arguments::text, ''), 4000)`;
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

type Row = { trajectoryId: string; position: number; rank: number; matchCount: number; best: number };

function conditions(query: ReturnType<typeof searchQuerySchema.parse>): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (query.q) where.push(Prisma.sql`e."searchVector" @@ websearch_to_tsquery('english', ${query.q})`);
  if (query.tool) where.push(Prisma.sql`e.tool = ${query.tool}`);
  if (query.source) where.push(Prisma.sql`e.source = ${query.source}::"EventSource"`);
  if (query.type) where.push(Prisma.sql`e.type = ${query.type}::"EventType"`);
  if (query.outcome) where.push(Prisma.sql`t.passed = ${query.outcome === 'passed'}`);
  if (query.checkpointFailed) where.push(Prisma.sql`t."failedCount" > 0`);
  if (query.model) where.push(Prisma.sql`t.model = ${query.model}`);
  if (query.benchmark) where.push(Prisma.sql`EXISTS (SELECT 1 FROM "Task" k WHERE k.id = t."taskId" AND k.benchmark = ${query.benchmark})`);
  return where;
}

/**
 * Full-text search over trajectory events (GIN index on the generated
 * tsvector, websearch_to_tsquery syntax) with structured filters. Results are
 * grouped by trajectory, best-ranked first, with the top hits of each and the
 * event before and after each hit as context.
 */
export async function searchTranscripts(actor: Actor, input: unknown): Promise<SearchResult> {
  requirePermission(actor, 'trajectory:read');
  const started = performance.now();
  const query = searchQuerySchema.parse(input);
  if (!query.q && !query.tool) throw new AppError('VALIDATION', 'Enter search words (q) or a tool (App.function) to search for', [{ path: 'q', message: 'Required unless tool is given' }]);
  const where = conditions(query);
  const rank = query.q ? Prisma.sql`ts_rank_cd(e."searchVector", websearch_to_tsquery('english', ${query.q}))` : Prisma.sql`0::real`;
  const offset = (query.page - 1) * query.pageSize;

  // One statement: capped candidates → groups → this page's groups → their top hits.
  const rows = await prisma.$queryRaw<Row[]>(Prisma.sql`
    WITH hits AS (
      SELECT e."trajectoryId", e.position, ${rank} AS rank
      FROM "Event" e JOIN "Trajectory" t ON t.id = e."trajectoryId"
      WHERE ${Prisma.join(where, ' AND ')}
      LIMIT ${CANDIDATE_CAP + 1}
    ), groups AS (
      SELECT "trajectoryId", max(rank) AS best, count(*)::int AS "matchCount" FROM hits GROUP BY "trajectoryId"
    ), page AS (
      SELECT * FROM groups ORDER BY best DESC, "trajectoryId" LIMIT ${query.pageSize} OFFSET ${offset}
    ), ranked AS (
      SELECT h.*, row_number() OVER (PARTITION BY h."trajectoryId" ORDER BY h.rank DESC, h.position) AS rn
      FROM hits h WHERE h."trajectoryId" IN (SELECT "trajectoryId" FROM page)
    )
    SELECT r."trajectoryId", r.position, r.rank::float8 AS rank, p."matchCount", p.best::float8 AS best
    FROM ranked r JOIN page p USING ("trajectoryId")
    WHERE r.rn <= ${HITS_PER_TRAJECTORY}
    UNION ALL
    -- One summary row (position -1) carrying the totals.
    SELECT '', -1, 0, (SELECT count(*)::int FROM hits), (SELECT count(*)::float8 FROM groups)
    ORDER BY best DESC, 1, rank DESC, position`);

  const summary = rows.find((r) => r.position === -1)!;
  const hitRows = rows.filter((r) => r.position !== -1);
  const capped = summary.matchCount > CANDIDATE_CAP;
  const matchedTrajectories = summary.best;
  const groups = await buildGroups(hitRows, query.q);
  return {
    groups,
    matchedEvents: Math.min(summary.matchCount, CANDIDATE_CAP),
    matchedTrajectories,
    capped,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(matchedTrajectories / query.pageSize)),
    tookMs: Math.round(performance.now() - started),
  };
}

type EventRow = SearchEvent & { trajectoryId: string };

/** Loads the hits' and their neighbours' text (highlighted for hits) and the trajectories' labels. */
async function buildGroups(hits: Row[], q: string | undefined): Promise<SearchGroup[]> {
  if (!hits.length) return [];
  const ids = hits.map((h) => h.trajectoryId);
  const positions = hits.map((h) => h.position);
  const headline = q ? Prisma.sql`ts_headline('english', ${EVENT_TEXT}, websearch_to_tsquery('english', ${q}), ${HEADLINE_OPTIONS})` : Prisma.sql`left(${EVENT_TEXT}, 300)`;
  const [events, context, trajectories] = await Promise.all([
    prisma.$queryRaw<EventRow[]>(Prisma.sql`
      SELECT e."trajectoryId", e.position, e.source::text AS source, e.type::text AS type, e.tool, ${headline} AS headline
      FROM unnest(${ids}::text[], ${positions}::int[]) AS k(tid, pos)
      JOIN "Event" e ON e."trajectoryId" = k.tid AND e.position = k.pos`),
    prisma.$queryRaw<EventRow[]>(Prisma.sql`
      SELECT e."trajectoryId", e.position, e.source::text AS source, e.type::text AS type, e.tool, left(${EVENT_TEXT}, 200) AS headline
      FROM unnest(${ids}::text[], ${positions}::int[]) AS k(tid, pos)
      JOIN "Event" e ON e."trajectoryId" = k.tid AND e.position IN (k.pos - 1, k.pos + 1)`),
    prisma.trajectory.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, externalId: true, model: true, passed: true, failedCount: true, taskId: true, task: { select: { externalId: true, benchmark: true } } },
    }),
  ]);
  const key = (tid: string, pos: number) => `${tid}#${pos}`;
  const text = new Map(events.map((e) => [key(e.trajectoryId, e.position), e]));
  const near = new Map(context.map((e) => [key(e.trajectoryId, e.position), e]));
  const byId = new Map(trajectories.map((t) => [t.id, t]));
  const strip = (e: EventRow | undefined): SearchEvent | null =>
    e ? { position: e.position, source: e.source, type: e.type, tool: e.tool, headline: e.headline.trim() } : null;

  const groups = new Map<string, SearchGroup>();
  for (const h of hits) {
    const t = byId.get(h.trajectoryId);
    if (!t) continue;
    let g = groups.get(t.id);
    if (!g) {
      g = {
        trajectory: { id: t.id, externalId: t.externalId, model: t.model, passed: t.passed, failedCount: t.failedCount, taskId: t.taskId, taskExternalId: t.task.externalId, benchmark: t.task.benchmark },
        matchCount: h.matchCount,
        hits: [],
      };
      groups.set(t.id, g);
    }
    const self = strip(text.get(key(h.trajectoryId, h.position)));
    if (!self) continue;
    g.hits.push({ ...self, rank: h.rank, before: strip(near.get(key(h.trajectoryId, h.position - 1))), after: strip(near.get(key(h.trajectoryId, h.position + 1))) });
  }
  return [...groups.values()];
}

import { CardOperation, Prisma } from '@prisma/client';
import { cardRecordJsonSql } from '@/lib/compare/card-record-counts';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { isoTime, literalInt, queryRows } from '@/lib/db/sql';
import { cursorQuerySchema, cursorsOf, inListOrder, keysetPage, keysetPageOf } from '@/lib/http/keyset';
import type { Page } from '@/lib/http/pagination';
import { pageAndTotal, shortPage } from '@/lib/live/large-count';
import { proposalFacets, type ProposalFacets } from './proposal-facets';
import {
  baseKey,
  baseWhere,
  proposalDrillSchema,
  proposalListQuerySchema,
  type ProposalListFilters,
} from './proposal-list-query';
import type { ProposalSummary } from './proposal-summary';
import { STALE_SQL, STALE_TARGETS_SQL } from './staleness';

export { proposalListQuerySchema, proposalDrillSchema, type ProposalListQuery } from './proposal-list-query';

/**
 * A list row: no card contents (the page opens the proposal for those). `title`: the proposed card's
 * title (a function card's tool); on the dashboard's drill-down, else its target card's. Drill-down rows
 * also carry `rules` (the validation rules it failed) and `decisions`; the inbox opens the proposal for those.
 */
export type ProposalListItem = ProposalSummary & {
  stale: boolean;
  title: string | null;
  rules?: string[];
  decisions?: { decision: string; reviewer: string; at: string }[];
  reason: string;
  runId: string | null;
  task: { id: string; benchmark: string; externalId: string } | null;
  targets: {
    cardId: string;
    key: string;
    baseVersionId: string | null;
    currentVersionId: string | null;
    primary: boolean;
  }[];
  /**
   * The primary target card's record (tasks it was injected into that flipped against the round
   * before), beside a PATCH, NARROW or MERGE proposal: the evidence a reviewer deciding on that card reads.
   */
  record: { helped: number; hurt: number } | null;
  createdAt: string;
};

export type { ProposalCounts } from './proposal-facets';
// `cursors`: keyset positions for the next (`after`) and previous (`before`) page (lib/http/keyset.ts).
export type ProposalListPage = Page<ProposalListItem> &
  ProposalFacets & { cursors: { after: string | null; before: string | null } };

const STALE = Prisma.raw(STALE_SQL);
// Proposals that change an existing card: its record is shown beside them.
const RECORD_OPERATIONS = new Set<string>([
  CardOperation.PATCH_CARD,
  CardOperation.NARROW_TRIGGER,
  CardOperation.MERGE_CARD,
]);
const STALE_TARGETS = Prisma.raw(STALE_TARGETS_SQL);
// The primary target card's record, for the operations that change a card the bank already holds.
const PRIMARY_TARGET_RECORD = Prisma.sql`CASE WHEN p.operation IN (${Prisma.raw(
  [...RECORD_OPERATIONS].map((o) => `'${o}'`).join(', '),
)}) THEN (SELECT ${cardRecordJsonSql('rc')} FROM "ProposalTarget" rt JOIN "Card" rc ON rc.id = rt."cardId"
          WHERE rt."proposalId" = p.id AND rt."primary" LIMIT 1) END`;

// Lists send rows, not documents: the proposal page shows the curator's whole reason.
const REASON_EXCERPT = 280;

type PageRow = ProposalSummary & {
  stale: boolean;
  title: string | null;
  rules: string[] | null;
  decisions: ProposalListItem['decisions'] | null;
  reason: string;
  runId: string | null;
  taskId: string | null;
  benchmark: string | null;
  externalId: string | null;
  createdAt: string;
  targets: ProposalListItem['targets'];
  record: ProposalListItem['record'];
};

/**
 * One page in one statement: the proposals are picked first (an ordered scan
 * of the open-inbox index, LIMIT inside), then only those rows get their run,
 * task, stale flag (pending ones only, see staleness.ts; a per-row probe instead of a hashed pass over every
 * target) and their target cards (primary first). The run carries its
 * task's label (prisma/sql/task-fields.sql): no look-up of the task.
 */
// The drill-down's extra columns, per row of the page: the inbox, read far more often, does without them.
const REVIEW_DETAIL = Prisma.sql`
  (SELECT coalesce(json_agg(v->>'rule'), '[]'::json) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.validation) = 'array' THEN p.validation ELSE '[]'::jsonb END) v
   WHERE jsonb_typeof(v) = 'object' AND coalesce(v->>'rule', '') <> '') AS rules,
  (SELECT coalesce(json_agg(json_build_object('decision', rv.decision, 'reviewer', u.name, 'at', ${isoTime(Prisma.sql`rv."createdAt"`)})
                            ORDER BY rv."createdAt"), '[]'::json)
   FROM "Review" rv JOIN "User" u ON u.id = rv."reviewerId" WHERE rv."proposalId" = p.id) AS decisions`;
const NO_REVIEW_DETAIL = Prisma.sql`NULL::json AS rules, NULL::json AS decisions`;
const TARGET_TITLE = Prisma.sql`, (SELECT tc.title FROM "Card" tc WHERE tc.id = p."targetCardId")`;

function pageRows(cond: Prisma.Sql, orderBy: Prisma.Sql, limit: number, offset: number, detail: boolean) {
  return queryRows<PageRow>(Prisma.sql`
    SELECT p.id, p.operation, p."cardKind", p.ability, p.status, p.valid, s.stale IS NOT NULL AS stale,
           coalesce(p."proposedCard"->>'title', p."proposedCard"->>'tool'${detail ? TARGET_TITLE : Prisma.empty}) AS title,
           ${detail ? REVIEW_DETAIL : NO_REVIEW_DETAIL},
           CASE WHEN length(p.reason) > ${REASON_EXCERPT} THEN left(p.reason, ${REASON_EXCERPT - 1}) || '…' ELSE p.reason END AS reason, p."runId",
           r."taskId", r."taskBenchmark" AS benchmark, r."taskExternalId" AS "externalId", ${isoTime(Prisma.sql`p."createdAt"`)} AS "createdAt",
           (SELECT coalesce(json_agg(json_build_object('cardId', pt."cardId", 'key', c.key, 'baseVersionId', pt."baseVersionId",
                                                       'currentVersionId', c."currentVersionId", 'primary', pt."primary")
                                     ORDER BY pt."primary" DESC, pt."cardId"), '[]'::json)
            FROM "ProposalTarget" pt JOIN "Card" c ON c.id = pt."cardId" WHERE pt."proposalId" = p.id) AS targets,
           ${PRIMARY_TARGET_RECORD} AS record
    FROM (SELECT * FROM "Proposal" p WHERE ${cond} ORDER BY ${orderBy} LIMIT ${literalInt(limit)} OFFSET ${literalInt(offset)}) p
    LEFT JOIN LATERAL (${STALE_TARGETS} LIMIT 1) s(stale) ON TRUE
    LEFT JOIN "ReflectionRun" r ON r.id = p."runId"
    ORDER BY ${orderBy}`);
}

/**
 * The review inbox, newest first. One query for the page with its targets,
 * the filtered total (cached when large) and the facet counts, each under
 * the other filters (cached when large, see proposal-facets.ts): no per-row queries.
 * `after`/`before` cursors page without OFFSET.
 */
export async function listProposals(actor: Actor, raw: unknown): Promise<ProposalListPage> {
  requirePermission(actor, 'proposal:read');
  return proposalPage(proposalListQuerySchema.parse(raw ?? {}), raw, false);
}

/**
 * The same list behind a dashboard curation or review point: readable by whoever reads the dashboard
 * (annotators included), every status unless the link names one.
 */
export async function listDrillProposals(actor: Actor, raw: unknown): Promise<ProposalListPage> {
  requirePermission(actor, 'dashboard:read');
  return proposalPage(proposalDrillSchema.parse(raw ?? {}), raw, true);
}

async function proposalPage(q: ProposalListFilters, raw: unknown, detail: boolean): Promise<ProposalListPage> {
  const cursor = cursorQuerySchema.parse(raw ?? {});
  const keyset = keysetPage('p', 'desc', cursor);
  // The base every facet count applies (lib/review/proposal-facets.ts).
  const base = baseWhere(q);
  const where: Prisma.Sql[] = [...base];
  if (q.kind) where.push(Prisma.sql`p."cardKind" = ${q.kind}::"CardKind"`);
  if (q.ability) where.push(Prisma.sql`p.ability = ${q.ability}`);
  if (q.operation) where.push(Prisma.sql`p.operation = ${q.operation}::"CardOperation"`);
  if (q.valid !== undefined) where.push(Prisma.sql`p.valid = ${q.valid}`);
  if (q.stale !== undefined) where.push(q.stale ? Prisma.sql`${STALE}` : Prisma.sql`NOT ${STALE}`);
  const cond = Prisma.join(where, ' AND ');
  const pageCond = keyset.where ? Prisma.sql`${cond} AND ${keyset.where}` : cond;
  const offset = cursor.after || cursor.before ? 0 : (q.page - 1) * q.pageSize;
  const filtered = where.length > 1;
  const { page: _p, pageSize: _s, ...filters } = q;

  const read = () => pageRows(pageCond, keyset.orderBy, q.pageSize, offset, detail);
  const [[page, filteredTotal], facets] = await Promise.all([
    // Without filters the total is the scope's, already in the facet counts.
    filtered
      ? pageAndTotal(
          {
            invalidatedBy: ['proposals'],
            key: `proposals:${JSON.stringify(filters)}`,
            from: Prisma.sql`"Proposal" p WHERE ${cond}`,
          },
          read,
          offset === 0 && !keyset.where ? shortPage(q.pageSize) : null,
        )
      : read().then((rows) => [rows, null] as const),
    proposalFacets(baseKey(q), Prisma.join(base, ' AND '), {
      kind: q.kind,
      ability: q.ability,
      operation: q.operation,
      valid: q.valid,
      stale: q.stale,
    }),
  ]);
  const rows = inListOrder(page, keyset.reversed);

  const toItem = (r: (typeof rows)[number]): ProposalListItem => ({
    id: r.id,
    operation: r.operation,
    cardKind: r.cardKind,
    ability: r.ability,
    status: r.status,
    valid: r.valid,
    stale: r.stale,
    title: r.title,
    ...(r.rules && r.decisions ? { rules: r.rules, decisions: r.decisions } : {}),
    reason: r.reason,
    runId: r.runId,
    task: r.taskId ? { id: r.taskId, benchmark: r.benchmark!, externalId: r.externalId! } : null,
    targets: r.targets,
    record: r.record,
    createdAt: r.createdAt,
  });
  const total = filteredTotal ? filteredTotal.count : facets.counts.total;
  return { ...keysetPageOf(rows, total, { page: q.page, pageSize: q.pageSize }, toItem, cursorsOf), ...facets };
}

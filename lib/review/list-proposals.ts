import { Prisma, type CardKind, type CardOperation, type ProposalStatus } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, type Page } from '@/lib/http/pagination';
import { STALE_SQL } from './staleness';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const proposalListQuerySchema = z.object({
  // "open" = waiting for a reviewer: PENDING, plus INVALID ones kept with their reasons until dismissed.
  status: z.enum(['open', 'PENDING', 'APPROVED', 'REJECTED', 'NOOP', 'INVALID', 'SUPERSEDED', 'all']).default('open'),
  kind: z.enum(['SKILL', 'FUNCTION']).optional(),
  ability: z.string().min(1).optional(),
  operation: z.enum(['ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER', 'NOOP']).optional(),
  taskId: z.string().min(1).optional(),
  runId: z.string().min(1).optional(),
  valid: bool.optional(),
  stale: bool.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;

/** A list row: no card contents (the page opens the proposal for those). */
export type ProposalListItem = {
  id: string;
  operation: CardOperation;
  cardKind: CardKind;
  ability: string | null;
  status: ProposalStatus;
  valid: boolean;
  stale: boolean;
  title: string | null;
  reason: string;
  runId: string | null;
  task: { id: string; benchmark: string; externalId: string } | null;
  targets: { cardId: string; key: string; baseVersionId: string | null; currentVersionId: string | null; primary: boolean }[];
  createdAt: string;
};

export type ProposalCounts = {
  total: number;
  stale: number;
  invalid: number;
  byOperation: Partial<Record<CardOperation, number>>;
  byKind: Partial<Record<CardKind, number>>;
};

export type ProposalListPage = Page<ProposalListItem> & { counts: ProposalCounts; abilities: string[] };

const STALE = Prisma.raw(STALE_SQL);

function statusClause(status: z.infer<typeof proposalListQuerySchema>['status']): Prisma.Sql {
  if (status === 'all') return Prisma.sql`TRUE`;
  if (status === 'open') return Prisma.sql`p.status IN ('PENDING', 'INVALID')`;
  return Prisma.sql`p.status = ${status}::"ProposalStatus"`;
}

/**
 * The review inbox, newest first. One query for the page (rows + stale flag
 * via an indexed EXISTS on ProposalTarget), one for its targets, one count,
 * one grouped count for the facet counts of the status scope: no per-row queries.
 */
export async function listProposals(actor: Actor, raw: unknown): Promise<ProposalListPage> {
  requirePermission(actor, 'proposal:read');
  const q = proposalListQuerySchema.parse(raw ?? {});
  const scope = statusClause(q.status);
  const where: Prisma.Sql[] = [scope];
  if (q.kind) where.push(Prisma.sql`p."cardKind" = ${q.kind}::"CardKind"`);
  if (q.ability) where.push(Prisma.sql`p.ability = ${q.ability}`);
  if (q.operation) where.push(Prisma.sql`p.operation = ${q.operation}::"CardOperation"`);
  if (q.runId) where.push(Prisma.sql`p."runId" = ${q.runId}`);
  // The task filter takes the console's id or the benchmark's task id (airline/16).
  if (q.taskId) where.push(Prisma.sql`p."runId" IN (SELECT r2.id FROM "ReflectionRun" r2 JOIN "Task" t2 ON t2.id = r2."taskId" WHERE t2.id = ${q.taskId} OR t2."externalId" = ${q.taskId})`);
  if (q.valid !== undefined) where.push(Prisma.sql`p.valid = ${q.valid}`);
  if (q.stale !== undefined) where.push(q.stale ? Prisma.sql`${STALE}` : Prisma.sql`NOT ${STALE}`);
  const cond = Prisma.join(where, ' AND ');
  const offset = (q.page - 1) * q.pageSize;

  const [rows, [{ n }], groups, abilities] = await Promise.all([
    prisma.$queryRaw<
      { id: string; operation: CardOperation; cardKind: CardKind; ability: string | null; status: ProposalStatus; valid: boolean; stale: boolean; title: string | null; reason: string; runId: string | null; taskId: string | null; benchmark: string | null; externalId: string | null; createdAt: Date }[]
    >`
      SELECT p.id, p.operation, p."cardKind", p.ability, p.status, p.valid, ${STALE} AS stale,
             coalesce(p."proposedCard"->>'title', p."proposedCard"->>'tool') AS title, p.reason, p."runId",
             t.id AS "taskId", t.benchmark, t."externalId", p."createdAt"
      FROM "Proposal" p
      LEFT JOIN "ReflectionRun" r ON r.id = p."runId"
      LEFT JOIN "Task" t ON t.id = r."taskId"
      WHERE ${cond}
      ORDER BY p."createdAt" DESC, p.id DESC
      LIMIT ${q.pageSize} OFFSET ${offset}`,
    prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Proposal" p WHERE ${cond}`,
    prisma.$queryRaw<{ operation: CardOperation; cardKind: CardKind; valid: boolean; stale: boolean; n: bigint }[]>`
      SELECT p.operation, p."cardKind", p.valid, ${STALE} AS stale, count(*) AS n
      FROM "Proposal" p WHERE ${scope} GROUP BY 1, 2, 3, 4`,
    prisma.$queryRaw<{ ability: string }[]>`SELECT DISTINCT p.ability FROM "Proposal" p WHERE ${scope} AND p.ability IS NOT NULL ORDER BY 1 LIMIT 200`,
  ]);

  const targets = rows.length
    ? await prisma.proposalTarget.findMany({
        where: { proposalId: { in: rows.map((r) => r.id) } },
        select: { proposalId: true, cardId: true, baseVersionId: true, primary: true, card: { select: { key: true, currentVersionId: true } } },
        orderBy: [{ primary: 'desc' }, { cardId: 'asc' }],
      })
    : [];
  const byProposal = new Map<string, ProposalListItem['targets']>();
  for (const t of targets) {
    const list = byProposal.get(t.proposalId) ?? [];
    list.push({ cardId: t.cardId, key: t.card.key, baseVersionId: t.baseVersionId, currentVersionId: t.card.currentVersionId, primary: t.primary });
    byProposal.set(t.proposalId, list);
  }

  const counts: ProposalCounts = { total: 0, stale: 0, invalid: 0, byOperation: {}, byKind: {} };
  for (const g of groups) {
    const c = Number(g.n);
    counts.total += c;
    if (g.stale) counts.stale += c;
    if (!g.valid) counts.invalid += c;
    counts.byOperation[g.operation] = (counts.byOperation[g.operation] ?? 0) + c;
    counts.byKind[g.cardKind] = (counts.byKind[g.cardKind] ?? 0) + c;
  }
  const items: ProposalListItem[] = rows.map((r) => ({
    id: r.id,
    operation: r.operation,
    cardKind: r.cardKind,
    ability: r.ability,
    status: r.status,
    valid: r.valid,
    stale: r.stale,
    title: r.title,
    reason: r.reason,
    runId: r.runId,
    task: r.taskId ? { id: r.taskId, benchmark: r.benchmark!, externalId: r.externalId! } : null,
    targets: byProposal.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...pageOf(items, Number(n), { page: q.page, pageSize: q.pageSize }), counts, abilities: abilities.map((a) => a.ability) };
}

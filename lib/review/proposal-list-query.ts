import { CardOperation, Prisma } from '@prisma/client';
import { z } from 'zod';
import { bankFilterShape } from '@/lib/cards/card-summary';
import { dashboardFilterFields, dashboardFilterSchema } from '@/lib/dashboard/filter-schema';
import { optionalFilterText } from '@/lib/http/filter-text';
import { pageNumber } from '@/lib/http/pagination';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
// Empty values come from links that carry a blank field: no filter, not an error.
const blankless = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
const text = optionalFilterText(300);

// "open" = waiting for a reviewer: PENDING, plus INVALID ones kept with their reasons until dismissed.
const status = z.enum(['open', 'PENDING', 'APPROVED', 'REJECTED', 'NOOP', 'INVALID', 'SUPERSEDED', 'all']);

/**
 * The filters of the one proposal list: the review inbox's (`GET /api/proposals`) and those of the
 * dashboard points that lead to it (curation and review charts: week, bank, validation rule, decision, reviewer).
 */
const listShape = {
  status: status.default('open'),
  ...bankFilterShape,
  operation: z.enum(CardOperation).optional(),
  taskId: z.string().min(1).optional(),
  runId: z.string().min(1).optional(),
  valid: bool.optional(),
  stale: bool.optional(),
  // A week of creation by its Monday (the curation chart's x axis).
  week: blankless(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected the week as YYYY-MM-DD')),
  // A bank as the dashboard names it: an ability, "function", or "(none)" for skill cards without an ability.
  bank: text,
  // A validation rule the proposal failed.
  rule: text,
  decision: blankless(z.enum(['APPROVED', 'EDITED_APPROVED', 'REJECTED'])),
  reviewerId: text,
  // Creation days, inclusive, UTC (the dashboard's date filters).
  from: dashboardFilterFields.shape.from,
  to: dashboardFilterFields.shape.to,
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const proposalListQuerySchema = z.object(listShape);
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;
export type ProposalListFilters = z.output<typeof proposalListQuerySchema>;

/**
 * The same list behind a dashboard point (/dashboard/proposals): every status unless the link says one,
 * the dashboard's filters checked as the dashboard checks them (and carried back to it), 50 a page.
 */
export const proposalDrillSchema = dashboardFilterSchema.safeExtend({
  ...listShape,
  status: status.default('all'),
  ability: dashboardFilterFields.shape.ability,
  pageSize: listShape.pageSize.default(50),
});

/** Conditions the facet counts do not split: the status scope, run, task and the dashboard point's keys. */
export function baseWhere(q: ProposalListFilters): Prisma.Sql[] {
  const base: Prisma.Sql[] = [statusClause(q.status)];
  if (q.runId) base.push(Prisma.sql`p."runId" = ${q.runId}`);
  // The task filter takes the console's id or the benchmark's task id (airline/16).
  if (q.taskId)
    base.push(
      Prisma.sql`p."runId" IN (SELECT r2.id FROM "ReflectionRun" r2 JOIN "Task" t2 ON t2.id = r2."taskId" WHERE t2.id = ${q.taskId} OR t2."externalId" = ${q.taskId})`,
    );
  if (q.week) base.push(Prisma.sql`p."createdAt" >= ${q.week}::date AND p."createdAt" < ${q.week}::date + 7`);
  if (q.from) base.push(Prisma.sql`p."createdAt" >= ${q.from}::date`);
  if (q.to) base.push(Prisma.sql`p."createdAt" < ${q.to}::date + 1`);
  if (q.bank === 'function') base.push(Prisma.sql`p."cardKind" = 'FUNCTION'`);
  else if (q.bank === '(none)') base.push(Prisma.sql`p."cardKind" = 'SKILL' AND p.ability IS NULL`);
  else if (q.bank) base.push(Prisma.sql`p."cardKind" = 'SKILL' AND p.ability = ${q.bank}`);
  if (q.rule) base.push(Prisma.sql`p.validation @> jsonb_build_array(jsonb_build_object('rule', ${q.rule}::text))`);
  if (q.decision || q.reviewerId)
    base.push(Prisma.sql`EXISTS (SELECT 1 FROM "Review" rv WHERE rv."proposalId" = p.id
      AND ${q.decision ? Prisma.sql`rv.decision = ${q.decision}::"ReviewDecision"` : Prisma.sql`TRUE`}
      AND ${q.reviewerId ? Prisma.sql`rv."reviewerId" = ${q.reviewerId}` : Prisma.sql`TRUE`})`);
  return base;
}

/** The base's filters, naming it in the facet cache. */
export const baseKey = (q: ProposalListFilters) =>
  JSON.stringify([q.status, q.runId, q.taskId, q.week, q.from, q.to, q.bank, q.rule, q.decision, q.reviewerId]);

function statusClause(s: ProposalListFilters['status']): Prisma.Sql {
  if (s === 'all') return Prisma.sql`TRUE`;
  if (s === 'open') return Prisma.sql`p.status IN ('PENDING', 'INVALID')`;
  return Prisma.sql`p.status = ${s}::"ProposalStatus"`;
}

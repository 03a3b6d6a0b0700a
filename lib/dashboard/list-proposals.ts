import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { dashboardFilterSchema } from './filters';
import { OPERATIONS } from './operations';

const text = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((v) => v || undefined);

/** The list behind a curation or review point: proposals by operation, week, bank, validation rule, decision or reviewer. */
export const proposalDrillSchema = dashboardFilterSchema.extend(pageQuerySchema.shape).extend({
  operation: z
    .enum(OPERATIONS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected the week as YYYY-MM-DD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  bank: text,
  rule: text,
  decision: z
    .enum(['APPROVED', 'EDITED_APPROVED', 'REJECTED'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  reviewerId: text,
});

/** `title`: the proposed card's title (a function card's tool), else its target card's; null for neither. */
export type DrillProposal = {
  id: string;
  title: string | null;
  operation: string;
  status: string;
  cardKind: string;
  ability: string | null;
  reason: string;
  createdAt: string;
  rules: string[];
  decisions: { decision: string; reviewer: string; at: string }[];
};

export async function listDrillProposals(actor: Actor, input: unknown): Promise<Page<DrillProposal>> {
  requirePermission(actor, 'dashboard:read');
  const q = proposalDrillSchema.parse(input);
  const and: Prisma.ProposalWhereInput[] = [];
  if (q.operation) and.push({ operation: q.operation });
  if (q.week) {
    const start = new Date(`${q.week}T00:00:00Z`);
    and.push({ createdAt: { gte: start, lt: new Date(start.getTime() + 7 * 86_400_000) } });
  }
  if (q.bank)
    and.push(
      q.bank === 'function'
        ? { cardKind: 'FUNCTION' }
        : { cardKind: 'SKILL', ability: q.bank === '(none)' ? null : q.bank },
    );
  if (q.ability) and.push({ ability: q.ability });
  if (q.rule) and.push({ validation: { array_contains: [{ rule: q.rule }] } });
  if (q.decision || q.reviewerId) and.push({ reviews: { some: { decision: q.decision, reviewerId: q.reviewerId } } });
  const where: Prisma.ProposalWhereInput = { AND: and };
  const [items, total] = await Promise.all([
    prisma.proposal.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      ...toPrismaPage(q),
      select: {
        id: true,
        proposedCard: true,
        targetCard: { select: { title: true } },
        operation: true,
        status: true,
        cardKind: true,
        ability: true,
        reason: true,
        createdAt: true,
        validation: true,
        reviews: { select: { decision: true, createdAt: true, reviewer: { select: { name: true } } } },
      },
    }),
    prisma.proposal.count({ where }),
  ]);
  const titleOf = (c: unknown) => {
    const v =
      c && typeof c === 'object'
        ? ((c as { title?: unknown; tool?: unknown }).title ?? (c as { tool?: unknown }).tool)
        : null;
    return typeof v === 'string' && v ? v : null;
  };
  const rulesOf = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map((x) => (x && typeof x === 'object' && 'rule' in x ? String((x as { rule: unknown }).rule) : ''))
          .filter(Boolean)
      : [];
  return pageOf(
    items.map((p) => ({
      id: p.id,
      title: titleOf(p.proposedCard) ?? p.targetCard?.title ?? null,
      operation: p.operation,
      status: p.status,
      cardKind: p.cardKind,
      ability: p.ability,
      reason: p.reason,
      createdAt: p.createdAt.toISOString(),
      rules: rulesOf(p.validation),
      decisions: p.reviews.map((r) => ({
        decision: r.decision,
        reviewer: r.reviewer.name,
        at: r.createdAt.toISOString(),
      })),
    })),
    total,
    q,
  );
}

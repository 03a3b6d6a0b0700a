import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { dateWhere, type DashboardFilters } from './filters';

type Decisions = { approved: number; edited: number; rejected: number; total: number; medianHours: number | null };
export type ReviewThroughput = {
  overall: Decisions & { stale: number; pending: number };
  perReviewer: (Decisions & { reviewerId: string; name: string })[];
};

/**
 * Review decisions (approved / edited-then-approved / rejected) and the median
 * time from proposal to decision, overall and per reviewer; plus pending
 * proposals and how many of them are stale (a target card got a new version
 * after the proposal was based on it). Dates filter the decision time.
 */
export async function reviewThroughput(f: DashboardFilters): Promise<ReviewThroughput> {
  // A first approval awaiting a second reviewer decides nothing yet: the second approval is the decision.
  const parts = [Prisma.sql`r.decision <> 'FIRST_APPROVED'`, ...dateWhere(f, Prisma.sql`r."createdAt"`)];
  if (f.ability) parts.push(Prisma.sql`p.ability = ${f.ability}`);
  const where = Prisma.join(parts, ' AND ');
  const pendingParts = [Prisma.sql`p.status = 'PENDING'`];
  if (f.ability) pendingParts.push(Prisma.sql`p.ability = ${f.ability}`);
  const [rows, [pending]] = await Promise.all([
    prisma.$queryRaw<
      (Omit<Decisions, 'medianHours'> & {
        reviewerId: string | null;
        name: string | null;
        grp: number;
        medianHours: number | null;
      })[]
    >(Prisma.sql`
      SELECT GROUPING(r."reviewerId", u.name)::int AS grp, r."reviewerId", u.name,
             (count(*) FILTER (WHERE r.decision = 'APPROVED'))::int AS approved,
             (count(*) FILTER (WHERE r.decision = 'EDITED_APPROVED'))::int AS edited,
             (count(*) FILTER (WHERE r.decision = 'REJECTED'))::int AS rejected,
             count(*)::int AS total,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r."createdAt" - p."createdAt")) / 3600)::float8 AS "medianHours"
      FROM "Review" r JOIN "Proposal" p ON p.id = r."proposalId" JOIN "User" u ON u.id = r."reviewerId"
      WHERE ${where}
      GROUP BY GROUPING SETS ((), (r."reviewerId", u.name))`),
    prisma.$queryRaw<{ pending: number; stale: number }[]>(Prisma.sql`
      SELECT count(*)::int AS pending,
             (count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM "ProposalTarget" pt JOIN "Card" c ON c.id = pt."cardId"
               WHERE pt."proposalId" = p.id AND pt."baseVersionId" IS DISTINCT FROM c."currentVersionId")))::int AS stale
      FROM "Proposal" p WHERE ${Prisma.join(pendingParts, ' AND ')}`),
  ]);
  const strip = ({ approved, edited, rejected, total, medianHours }: Decisions): Decisions => ({
    approved,
    edited,
    rejected,
    total,
    medianHours: medianHours === null ? null : Number(medianHours),
  });
  const all = rows.find((r) => r.grp === 3);
  return {
    overall: { ...strip(all ?? { approved: 0, edited: 0, rejected: 0, total: 0, medianHours: null }), ...pending },
    perReviewer: rows
      .filter((r) => r.grp === 0)
      .map((r) => ({ reviewerId: r.reviewerId!, name: r.name!, ...strip(r) }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
  };
}

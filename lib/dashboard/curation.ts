import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { dateWhere, type DashboardFilters } from './filters';
import { OPERATIONS, type Operation } from './operations';

type OpCounts = Record<Operation, number>;

export type Curation = {
  perWeek: ({ week: string; total: number } & OpCounts)[];
  /** Bank = the skill bank's ability, or "function" for the global function-card bank. */
  perBank: ({ bank: string; total: number } & OpCounts)[];
  validationByRule: { rule: string; count: number }[];
};

/** Where curator proposals are counted: ability filter on the proposal's bank, dates on its creation. */
function proposalWhere(f: DashboardFilters): Prisma.Sql {
  const parts = [Prisma.sql`TRUE`, ...dateWhere(f, Prisma.sql`p."createdAt"`)];
  if (f.ability) parts.push(Prisma.sql`p.ability = ${f.ability}`);
  return Prisma.join(parts, ' AND ');
}

export const bankOf = Prisma.sql`CASE WHEN p."cardKind" = 'FUNCTION' THEN 'function' ELSE coalesce(p.ability, '(none)') END`;

function pivot<K extends string>(rows: { key: string; operation: string; count: number }[], name: K) {
  const out = new Map<string, { total: number } & OpCounts>();
  for (const r of rows) {
    const e = out.get(r.key) ?? { total: 0, ...(Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as OpCounts) };
    e[r.operation as keyof OpCounts] += r.count;
    e.total += r.count;
    out.set(r.key, e);
  }
  return [...out.entries()].map(
    ([key, v]) => ({ [name]: key, ...v }) as { [P in K]: string } & { total: number } & OpCounts,
  );
}

/** Curator operation mix per week and per bank, and validation failures by rule (top reasons). */
export async function curation(f: DashboardFilters): Promise<Curation> {
  const where = proposalWhere(f);
  const [weeks, banks, rules] = await Promise.all([
    prisma.$queryRaw<{ key: string; operation: string; count: number }[]>(Prisma.sql`
      SELECT to_char(date_trunc('week', p."createdAt"), 'YYYY-MM-DD') AS key, p.operation::text AS operation, count(*)::int AS count
      FROM "Proposal" p WHERE ${where} GROUP BY 1, 2 ORDER BY 1`),
    prisma.$queryRaw<{ key: string; operation: string; count: number }[]>(Prisma.sql`
      SELECT ${bankOf} AS key, p.operation::text AS operation, count(*)::int AS count
      FROM "Proposal" p WHERE ${where} GROUP BY 1, 2 ORDER BY 1`),
    prisma.$queryRaw<{ rule: string; count: number }[]>(Prisma.sql`
      SELECT coalesce(v->>'rule', '(no rule)') AS rule, count(*)::int AS count
      FROM "Proposal" p CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.validation) = 'array' THEN p.validation ELSE '[]'::jsonb END) v
      WHERE ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15`),
  ]);
  return { perWeek: pivot(weeks, 'week'), perBank: pivot(banks, 'bank'), validationByRule: rules };
}

import { Prisma } from '@prisma/client';
import { z } from 'zod';

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined);
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
      ctx.addIssue({ code: 'custom', message: 'Expected a date as YYYY-MM-DD' });
      return z.NEVER;
    }
    return v;
  });

/** Dashboard filters (URL of /dashboard and its drill-down lists, `GET /api/dashboard`). Dates are inclusive days, UTC. */
export const dashboardFilterSchema = z.object({
  benchmark: optionalText(200),
  ability: optionalText(200),
  model: optionalText(300),
  from: optionalDate,
  to: optionalDate,
});
export type DashboardFilters = Partial<z.infer<typeof dashboardFilterSchema>>;

/** Conditions on a trajectory `t` joined to its task `k` (date range on the import time). */
export function trajectoryWhere(f: DashboardFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.benchmark) parts.push(Prisma.sql`k.benchmark = ${f.benchmark}`);
  if (f.ability) parts.push(Prisma.sql`k.ability = ${f.ability}`);
  if (f.model) parts.push(Prisma.sql`t.model = ${f.model}`);
  parts.push(...dateWhere(f, Prisma.sql`t."createdAt"`));
  return Prisma.join(parts, ' AND ');
}

/** Date range on any timestamp column: from 00:00 of `from` to the end of `to` (UTC). */
export function dateWhere(f: DashboardFilters, column: Prisma.Sql): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (f.from) parts.push(Prisma.sql`${column} >= ${f.from}::date`);
  if (f.to) parts.push(Prisma.sql`${column} < (${f.to}::date + 1)`);
  return parts;
}

/** The filters as a query string for links (drill-downs keep the dashboard's filters). */
export function filterParams(f: DashboardFilters, extra: Record<string, string | null | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  return q.toString();
}

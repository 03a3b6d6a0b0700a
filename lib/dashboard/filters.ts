import { Prisma } from '@prisma/client';
import type { DashboardFilters } from './filter-schema';

export { dashboardFilterSchema, filterParams, type DashboardFilters } from './filter-schema';

/** Conditions on a trajectory `t` joined to its task `k` (date range on the import time). */
export function trajectoryWhere(f: DashboardFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.benchmark) parts.push(Prisma.sql`k.benchmark = ${f.benchmark}`);
  if (f.ability) parts.push(Prisma.sql`k.ability = ${f.ability}`);
  if (f.model) parts.push(Prisma.sql`t.model = ${f.model}`);
  if (f.agent) parts.push(Prisma.sql`t.agent = ${f.agent}`);
  // As the cube keys "none" (coalesce(agent, '')): null and an empty name are both no agent.
  if (f.nullAgent) parts.push(Prisma.sql`coalesce(t.agent, '') = ''`);
  parts.push(...dateWhere(f, Prisma.sql`t."createdAt"`));
  return Prisma.join(parts, ' AND ');
}

/** Whether trajectoryWhere(f) keeps only some trajectories (else a query can leave trajectories and tasks unjoined). */
export function narrowsTrajectories(f: DashboardFilters): boolean {
  return !!(f.benchmark || f.ability || f.model || f.agent || f.nullAgent || f.from || f.to);
}

/** Date range on any timestamp column: from 00:00 of `from` to the end of `to` (UTC). */
export function dateWhere(f: DashboardFilters, column: Prisma.Sql): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (f.from) parts.push(Prisma.sql`${column} >= ${f.from}::date`);
  if (f.to) parts.push(Prisma.sql`${column} < (${f.to}::date + 1)`);
  return parts;
}

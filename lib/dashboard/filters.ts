import { Prisma } from '@prisma/client';
import type { DashboardFilters } from './filter-schema';

export { dashboardFilterSchema, filterParams, type DashboardFilters } from './filter-schema';

/** Where a query reads each dashboard filter: its columns, the "no agent" test and the date range. */
type FilterColumns = {
  benchmark: Prisma.Sql;
  ability: Prisma.Sql;
  model: Prisma.Sql;
  agent: Prisma.Sql;
  noAgent: Prisma.Sql;
  dates: (f: DashboardFilters) => Prisma.Sql[];
};

function filtersWhere(f: DashboardFilters, c: FilterColumns): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  for (const k of ['benchmark', 'ability', 'model', 'agent'] as const)
    if (f[k]) parts.push(Prisma.sql`${c[k]} = ${f[k]}`);
  if (f.nullAgent) parts.push(c.noAgent);
  parts.push(...c.dates(f));
  return Prisma.join(parts, ' AND ');
}

const TRAJECTORY_COLUMNS: FilterColumns = {
  benchmark: Prisma.sql`k.benchmark`,
  ability: Prisma.sql`k.ability`,
  model: Prisma.sql`t.model`,
  agent: Prisma.sql`t.agent`,
  // As the cube keys "none" (coalesce(agent, '')): null and an empty name are both no agent.
  noAgent: Prisma.sql`coalesce(t.agent, '') = ''`,
  dates: (f) => dateWhere(f, Prisma.sql`t."createdAt"`),
};

/**
 * The cube rows `c` (DashboardCell / DashboardCardCell) key ability and release '' for none, and
 * the import day: the same trajectories as trajectoryWhere, the date range on whole days.
 */
const CELL_COLUMNS: FilterColumns = {
  benchmark: Prisma.sql`c.benchmark`,
  ability: Prisma.sql`c.ability`,
  model: Prisma.sql`c.model`,
  agent: Prisma.sql`c.agent`,
  noAgent: Prisma.sql`c.agent = ''`,
  dates: (f) => [
    ...(f.from ? [Prisma.sql`c.day >= ${f.from}::date`] : []),
    ...(f.to ? [Prisma.sql`c.day <= ${f.to}::date`] : []),
  ],
};

/** Conditions on a trajectory `t` joined to its task `k` (date range on the import time). */
export const trajectoryWhere = (f: DashboardFilters) => filtersWhere(f, TRAJECTORY_COLUMNS);

/** The dashboard filters on a cube row `c`. */
export const cellWhere = (f: DashboardFilters) => filtersWhere(f, CELL_COLUMNS);

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

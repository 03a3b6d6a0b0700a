import { Prisma } from '@prisma/client';
import type { DashboardFilters } from './filter-schema';

/**
 * The dashboard filters on a cube row `c` (DashboardCell / DashboardCardCell):
 * the same trajectories as `trajectoryWhere`, as the cube keys them — ability
 * and release '' for none, the import day for the inclusive UTC date range.
 */
export function cellWhere(f: DashboardFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (f.benchmark) parts.push(Prisma.sql`c.benchmark = ${f.benchmark}`);
  if (f.ability) parts.push(Prisma.sql`c.ability = ${f.ability}`);
  if (f.model) parts.push(Prisma.sql`c.model = ${f.model}`);
  if (f.agent) parts.push(Prisma.sql`c.agent = ${f.agent}`);
  if (f.nullAgent) parts.push(Prisma.sql`c.agent = ''`);
  if (f.from) parts.push(Prisma.sql`c.day >= ${f.from}::date`);
  if (f.to) parts.push(Prisma.sql`c.day <= ${f.to}::date`);
  return Prisma.join(parts, ' AND ');
}

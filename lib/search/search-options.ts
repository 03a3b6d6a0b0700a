import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { listTrajectoryModels } from '@/lib/trajectories/list-models';

export type SearchFilterOptions = { models: string[]; benchmarks: string[] };

/** Menus for the search filters (trajectory-level values only: distinct tools over millions of events would be a full index scan). */
export async function searchFilterOptions(actor: Actor): Promise<SearchFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  const [models, benchmarks] = await Promise.all([
    listTrajectoryModels(),
    prisma.task.findMany({ distinct: ['benchmark'], select: { benchmark: true }, orderBy: { benchmark: 'asc' } }),
  ]);
  return { models, benchmarks: benchmarks.map((b) => b.benchmark) };
}

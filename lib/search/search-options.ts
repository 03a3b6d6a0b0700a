import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';

export type SearchFilterOptions = { models: string[]; benchmarks: string[] };

/** Menus for the search filters (trajectory-level values only: distinct tools over millions of events would be a full index scan). */
export async function searchFilterOptions(actor: Actor): Promise<SearchFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  const [models, benchmarks] = await Promise.all([
    prisma.trajectory.findMany({ distinct: ['model'], select: { model: true }, orderBy: { model: 'asc' } }),
    prisma.task.findMany({ distinct: ['benchmark'], select: { benchmark: true }, orderBy: { benchmark: 'asc' } }),
  ]);
  return { models: models.map((m) => m.model), benchmarks: benchmarks.map((b) => b.benchmark) };
}

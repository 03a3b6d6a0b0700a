import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { listFilterValues } from '@/lib/tasks/list-filter-values';

export type SearchFilterOptions = { models: string[]; benchmarks: string[] };

/** Menus for the search filters (trajectory-level values only: distinct tools over millions of events would be a full index scan). */
export async function searchFilterOptions(actor: Actor): Promise<SearchFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  const { models, benchmarks } = await listFilterValues();
  return { models, benchmarks };
}

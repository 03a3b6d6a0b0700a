import type { QueryClient } from '@tanstack/react-query';

/**
 * After an adjudication: refetch every agreement query. Cancel first, because
 * TanStack Query joins an invalidation onto a query's in-flight *first* fetch
 * (no data yet) instead of restarting it — a reviewer who switches to the
 * "Adjudicated" tab while the save is still running would otherwise get the
 * list as it was before the save.
 */
export async function refreshAgreement(qc: QueryClient): Promise<void> {
  await qc.cancelQueries({ queryKey: ['agreement'] });
  await qc.invalidateQueries({ queryKey: ['agreement'] });
}

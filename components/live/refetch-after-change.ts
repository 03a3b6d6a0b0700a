import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Brings the queries under `queryKey` up to date after a change (a live
 * notification, a `resync`, or the user's own write), with a read that starts
 * after it.
 *
 * `invalidateQueries` alone misses a change in one case: TanStack Query does
 * not restart a query's first fetch (no data yet) for a refetch, it hands back
 * that fetch, whose read may have been taken before the change. That is the
 * usual case for the live stream's first `ready` resync, which arrives while a
 * page's first fetches are still on their way (a live view then stops
 * polling, and showed a finished batch as running), and for a tab opened while
 * a save is running. Such queries are invalidated again once that first fetch
 * has answered. (Not cancelled instead: notifications arriving faster than a
 * fetch answers, as during an import, would then keep a page without any data.)
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstFetchInFlight = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((q) => q.state.fetchStatus === 'fetching' && q.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (firstFetchInFlight) await queryClient.invalidateQueries({ queryKey });
}

import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Brings the queries under `queryKey` up to date after a change notification
 * (or a `resync`).
 *
 * `invalidateQueries` alone misses a change in one case: TanStack Query does
 * not cancel a query's first fetch (no data yet) for a refetch, it hands back
 * that fetch instead. Its read may have been taken before the change was
 * committed, so the change would be lost, and a live view stops polling. That
 * is the usual case for the stream's first `ready` resync, which arrives while
 * a page's first fetches are still on their way. Those queries are invalidated
 * again once that fetch has answered, so one read starts after the notification.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstFetchInFlight = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((q) => q.state.fetchStatus === 'fetching' && q.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (firstFetchInFlight) await queryClient.invalidateQueries({ queryKey });
}

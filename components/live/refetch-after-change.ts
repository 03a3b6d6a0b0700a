import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Brings the queries under `queryKey` up to date after a change (a live
 * notification, a `resync`, or the user's own write): a read that starts
 * after it follows, and a read already on its way is never thrown away.
 *
 * `invalidateQueries` alone does neither:
 * - A query's first fetch (no data yet) is not restarted but handed back, and
 *   its read may predate the change. That is the usual case for the live
 *   stream's first `ready` resync, which arrives while a page's first fetches
 *   are on their way (a live view then stops polling, and showed a finished
 *   batch as running), and for a tab opened while a save is running.
 * - A refetch of a query with data is cancelled and started again, so
 *   notifications arriving faster than a fetch answers (an import's progress)
 *   left the view unchanged until they paused.
 * So a fetch in flight is let finish, and the queries are invalidated once
 * more after it. Notifications arriving meanwhile share that one next read.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const inFlight = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((q) => q.state.fetchStatus === 'fetching');
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (inFlight) await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

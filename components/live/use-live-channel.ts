'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveChange, LiveChannel } from '@/lib/live/channels';
import { isLive, subscribeLive, subscribeLiveStatus } from './live-connection';
import { refetchAfterChange } from './refetch-after-change';

/**
 * Follows live channels and invalidates the given TanStack Query keys on every
 * change (and after a reconnect). Returns `live`: while it is false the stream
 * is down and the caller should poll, e.g.
 *
 *   const { live } = useLiveChannel(['runs'], [['run', runId]]);
 *   useQuery({ queryKey: ['run', runId], queryFn, refetchInterval: live ? false : 2000 });
 *
 * (For views of jobs that finish, see active-refetch.ts: a slow re-check also while live.)
 *
 * `filter` narrows which changes count (e.g. only this run's id). `enabled: false`
 * subscribes to nothing: for a view whose role may not read the channel (the
 * server refuses the stream with 403, and every channel shares one stream).
 */
export function useLiveChannel(
  channels: LiveChannel[],
  queryKeys: QueryKey[],
  filter?: (change: LiveChange) => boolean,
  enabled = true,
): { live: boolean } {
  const queryClient = useQueryClient();
  const live = useSyncExternalStore(subscribeLiveStatus, isLive, () => false);
  const channelsKey = channels.join(',');
  const keysKey = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!enabled) return;
    const keys = JSON.parse(keysKey) as QueryKey[];
    return subscribeLive(channelsKey.split(',') as LiveChannel[], (change) => {
      if (change !== 'resync' && filter && !filter(change)) return;
      for (const queryKey of keys) void refetchAfterChange(queryClient, queryKey);
    });
    // `filter` is read at call time; a new function each render must not reopen the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channelsKey, keysKey, queryClient, enabled]);
  return { live };
}

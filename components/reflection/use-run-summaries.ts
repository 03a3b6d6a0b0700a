'use client';

import { useQuery } from '@tanstack/react-query';
import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { apiFetch } from '@/lib/http/api-client';
import type { RunSummary } from '@/lib/reflection/run-status';
import { isActiveStatus } from './run-status-badge';

/** How often live views re-check while something is queued or running. */
export const POLL_MS = 1500;

/**
 * Run summaries for a task or batch, pushed live (run changes notified by
 * PostgreSQL); polled while the live stream is down and a run is active (and slowly while
 * it is up: see active-refetch.ts).
 */
export function useRunSummaries(params: { taskId?: string; batchId?: string; limit?: number }, enabled = true) {
  const qs = new URLSearchParams();
  if (params.taskId) qs.set('taskId', params.taskId);
  if (params.batchId) qs.set('batchId', params.batchId);
  qs.set('limit', String(params.limit ?? 5));
  const { live } = useLiveChannel(
    ['runs'],
    [['reflection', 'summaries', params]],
    (c) => (!params.taskId || c.taskId === params.taskId) && (!params.batchId || c.batchId === params.batchId),
    enabled,
  );
  return useQuery({
    queryKey: ['reflection', 'summaries', params],
    queryFn: () => apiFetch<{ runs: RunSummary[] }>(`/api/reflection/runs/status?${qs}`).then((r) => r.runs),
    enabled,
    staleTime: 0,
    refetchInterval: (q) => activeRefetchInterval(live, !!q.state.data?.some((r) => isActiveStatus(r.status)), POLL_MS),
  });
}

'use client';

import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import type { EventView } from '@/lib/trajectories/list-events';

export const EVENT_WINDOW = 200;

type Window = { offset: number; events: EventView[] };

const key = (trajectoryId: string, w: number) => ['trajectory-events', trajectoryId, w] as const;

/**
 * Events arrive in windows of EVENT_WINDOW around what is on screen, so a
 * 5,000-event trajectory never ships in one payload. Returns a lookup by position.
 */
export function useEventWindows(trajectoryId: string, visible: { start: number; end: number }) {
  const first = Math.max(0, Math.floor(visible.start / EVENT_WINDOW));
  const last = Math.max(first, Math.floor(visible.end / EVENT_WINDOW));
  const windows: number[] = [];
  for (let w = first; w <= last; w++) windows.push(w);
  const results = useQueries({
    queries: windows.map((w) => ({
      queryKey: key(trajectoryId, w),
      queryFn: () =>
        apiFetch<Window>(`/api/trajectories/${trajectoryId}/events?offset=${w * EVENT_WINDOW}&limit=${EVENT_WINDOW}`),
      staleTime: Infinity,
    })),
  });
  const qc = useQueryClient();
  const version = results.map((r) => r.dataUpdatedAt).join(',');
  const eventAt = useCallback(
    (position: number): EventView | undefined => {
      const win = qc.getQueryData<Window>(key(trajectoryId, Math.floor(position / EVENT_WINDOW)));
      const e = win?.events[position - win.offset];
      return e?.position === position ? e : win?.events.find((x) => x.position === position);
    },
    // Re-created whenever a window finishes loading so rows re-render with their data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [qc, trajectoryId, version],
  );
  const error = results.find((r) => r.error)?.error ?? null;
  return { eventAt, error };
}

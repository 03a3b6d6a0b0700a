'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';

/**
 * "Take next": claims the next queue item that matches `filterQuery` (the queue's URL filters, as
 * the queue page and the workspace links carry them). `onClaimed` gets the claimed trajectory's id,
 * or null when nothing is left for these filters.
 */
export function useTakeNext(filterQuery: string, onClaimed: (trajectoryId: string | null) => void) {
  return useMutation({
    mutationFn: () =>
      apiFetch<{ trajectoryId: string | null }>('/api/queue/next', {
        method: 'POST',
        json: Object.fromEntries(new URLSearchParams(filterQuery)),
      }),
    onSuccess: ({ trajectoryId }) => onClaimed(trajectoryId),
  });
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refetchAfterChange } from '@/components/live/refetch-after-change';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import type { Disagreement } from '@/lib/diagnosis/list-disagreements';

/**
 * Saves an adjudication of `d` (a picked diagnosis or a written one) against the adjudication the
 * reviewer is looking at: if someone else adjudicated the checkpoint (or run) since it was loaded, the server
 * refuses (409) and says who decided what. The item and a written form stay as they are (refetching
 * would move the item out of "To adjudicate" and lose the text); saving again replaces that decision.
 */
export function useAdjudicate(d: Disagreement, onSaved?: () => void) {
  const qc = useQueryClient();
  // Set once the reviewer has been told of a decision made meanwhile: their next save replaces it.
  const [toldOfOther, setToldOfOther] = useState(false);
  return useMutation({
    mutationFn: (decision: Record<string, unknown>) =>
      apiFetch('/api/agreement/adjudications', {
        method: 'POST',
        json: {
          ...(d.runTrajectoryId
            ? { runTrajectoryId: d.runTrajectoryId }
            : { checkpointResultId: d.checkpointResultId }),
          ...decision,
          ...(toldOfOther ? {} : { replacesUpdatedAt: d.adjudication?.updatedAt ?? null }),
        },
      }),
    onSuccess: async () => {
      await refetchAfterChange(qc, ['agreement']);
      onSaved?.();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setToldOfOther(true);
    },
  });
}

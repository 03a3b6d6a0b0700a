'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { ReviewSettings } from '@/lib/review/review-settings';

const KEY = ['admin', 'review-settings'];

/** The review policy: a checkbox that saves when toggled (keyboard: Space), saying what it saved. */
export function ReviewSettingsForm({ initial }: { initial: ReviewSettings }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<{ settings: ReviewSettings }>('/api/admin/review-settings').then((r) => r.settings),
    initialData: initial,
  });
  const save = useMutation({
    mutationFn: (body: ReviewSettings) =>
      apiFetch<{ settings: ReviewSettings }>('/api/admin/review-settings', { method: 'PUT', json: body }),
    onSuccess: (r) => qc.setQueryData(KEY, r.settings),
  });
  const on = save.isPending
    ? (save.variables?.secondReviewerForReviewerWords ?? false)
    : q.data.secondReviewerForReviewerWords;
  return (
    <div className="max-w-2xl space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ secondReviewerForReviewerWords: e.target.checked })}
          data-testid="second-reviewer-setting"
        />
        <span>
          <span className="font-medium">Require a second reviewer for a reviewer&apos;s own words</span>
          <span className="block text-slate-600">
            A card edited before approval, or written by hand, waits after its first approval (&quot;approved by A,
            awaiting a second reviewer&quot;) and enters the bank only when a different reviewer — not its author, not
            its first approver — approves it. Cards approved as the curator proposed them apply at once.
          </span>
        </span>
      </label>
      <p className="text-sm text-slate-600" role="status" data-testid="review-settings-status">
        {save.isPending
          ? 'Saving…'
          : save.isSuccess
            ? `Saved: a second reviewer is ${on ? 'required' : 'not required'}.`
            : `Now: a second reviewer is ${on ? 'required' : 'not required'}.`}
      </p>
      <ErrorMessage error={save.error ?? q.error} />
    </div>
  );
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { ReviewSettings } from '@/lib/review/review-settings';

const KEY = ['admin', 'review-settings'];

const banksText = (s: ReviewSettings) => s.abilities.join(', ');
const describe = (s: ReviewSettings) =>
  s.secondReviewerForReviewerWords
    ? `a second reviewer is required ${s.abilities.length ? `in ${banksText(s)}` : 'in every bank'}`
    : 'a second reviewer is not required';

/** The review policy: whether a reviewer's own words need a second reviewer, in which banks. */
export function ReviewSettingsForm({ initial }: { initial: ReviewSettings }) {
  const qc = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [on, setOn] = useState(initial.secondReviewerForReviewerWords);
  const [banks, setBanks] = useState(banksText(initial));
  const save = useMutation({
    mutationFn: (body: ReviewSettings) =>
      apiFetch<{ settings: ReviewSettings }>('/api/admin/review-settings', { method: 'PUT', json: body }),
    onSuccess: (r) => {
      setSaved(r.settings);
      qc.setQueryData(KEY, r.settings);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const abilities = [
      ...new Set(
        banks
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean),
      ),
    ];
    save.mutate({ secondReviewerForReviewerWords: on, abilities });
  };
  return (
    <form
      onSubmit={submit}
      className="max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label="Review policy"
    >
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
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
      <Field label="Only in these banks (abilities, comma-separated; empty = every bank)">
        <TextInput
          value={banks}
          onChange={(e) => setBanks(e.target.value)}
          disabled={!on}
          data-testid="second-reviewer-banks"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={save.isPending}>Save</SubmitButton>
        <span className="text-sm text-slate-600" role="status" data-testid="review-settings-status">
          {save.isSuccess ? `Saved: ${describe(saved)}.` : `Now: ${describe(saved)}.`}
        </span>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}

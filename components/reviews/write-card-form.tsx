'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { ErrorMessage } from '@/components/ui/error-message';
import { useLeaveGuard } from '@/components/ui/use-leave-guard';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import { CardEditor, fieldsOf, toContent, type EditorField } from './card-editor';

/** The skill card's fields, empty, in the order docs/architecture.md "Cards" lists them: the editor builds its form from this shape. */
const EMPTY_SKILL_CARD = {
  title: '',
  applies_when: '',
  solves: '',
  tags: [],
  skill: {
    core_rule: '',
    completion_condition: [],
    success_contrast: [],
    failure_contrast: [],
    recovery: [],
    efficiency: [],
    procedure_sketch: [],
  },
  evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [] },
  functions_used: [],
};

/** Validation issues of a refused card by field, as the edit-then-approve editor shows them. */
function issuesOf(error: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  if (!(error instanceof ApiError)) return map;
  for (const d of error.details) {
    // Schema paths name list items as `tags.0`; the editor's fields are `tags`.
    const path = (d.path ?? '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    map.set(path, [...(map.get(path) ?? []), d.message]);
  }
  return map;
}

/**
 * A skill card written by hand from a task (or one diagnosis of it). Sent, it
 * becomes a proposal in the review inbox; the reviewer lands on it, where it is
 * approved like any other. A refused card stays in the form with each issue
 * under its field.
 */
export function WriteCardForm({ taskId, diagnosisId }: { taskId: string; diagnosisId: string | null }) {
  const router = useRouter();
  const [fields, setFields] = useState<EditorField[]>(() => fieldsOf(EMPTY_SKILL_CARD));
  const [note, setNote] = useState('');
  const card = useMemo(() => toContent(fields), [fields]);
  const typed = fields.some((f) => f.value.trim()) || note.trim() !== '';
  const send = useMutation({
    mutationFn: () =>
      apiFetch<{ proposalId: string }>('/api/proposals', {
        method: 'POST',
        json: { taskId, ...(diagnosisId ? { diagnosisId } : {}), card, note: note.trim() || undefined },
      }),
    onSuccess: ({ proposalId }) => router.push(`/reviews/${proposalId}`),
  });
  useLeaveGuard(typed && !send.isSuccess ? 'The card you are writing is not sent yet. Leave and lose it?' : null);
  const issues = useMemo(() => issuesOf(send.error), [send.error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Write a card by hand" data-testid="write-card-form">
      <CardEditor fields={fields} onChange={setFields} issuesByPath={issues} focusFirst />
      <div>
        <label htmlFor="write-card-note" className="block text-sm font-medium text-slate-700">
          Why (optional: shown to the reviewer as the proposal&apos;s reason)
        </label>
        <TextArea
          id="write-card-note"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={send.isPending || send.isSuccess} data-testid="send-written-card">
          {send.isPending ? 'Sending…' : send.isSuccess ? 'Opening the proposal…' : 'Send for review'}
        </Button>
        <span className="text-xs text-slate-600">
          It enters the bank only when approved in the review inbox, like every proposal.
        </span>
      </div>
      <ErrorMessage error={send.error} />
    </form>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';

type Revision = {
  id: string;
  editor: string;
  createdAt: string;
  content: {
    whatWentWrong?: string;
    whatShouldHaveHappened?: string;
    eventStart?: number | null;
    eventEnd?: number | null;
  };
};

/** Earlier submitted versions of a diagnosis, loaded on demand. */
export function DiagnosisHistory({ diagnosisId }: { diagnosisId: string }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: ['diagnosis-history', diagnosisId],
    queryFn: () =>
      apiFetch<{ revisions: Revision[] }>(`/api/diagnoses/${diagnosisId}/history`).then((r) => r.revisions),
    enabled: open,
  });
  return (
    <details className="text-xs" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-slate-600">Earlier versions</summary>
      <ErrorMessage error={q.error} />
      {q.isLoading ? <p className="text-slate-500">Loading…</p> : null}
      <ol className="mt-2 space-y-2">
        {q.data?.map((r) => (
          <li key={r.id} className="rounded bg-slate-50 p-2">
            <p className="text-slate-600">
              {new Date(r.createdAt).toLocaleString()} · replaced by {r.editor} · events #{r.content.eventStart ?? '?'}
              –#{r.content.eventEnd ?? '?'}
            </p>
            <p className="whitespace-pre-wrap text-slate-700">{r.content.whatWentWrong}</p>
            <p className="whitespace-pre-wrap text-slate-600">→ {r.content.whatShouldHaveHappened}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

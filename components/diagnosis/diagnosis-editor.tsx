'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, Select } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import { DiagnosisHistory } from './diagnosis-history';

export type EditorApi = { startOnSelection: (range: [number, number]) => void; submit: () => void };

type Form = {
  categoryId: string;
  eventStart: number | null;
  eventEnd: number | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  confidence: number | null;
};

const AUTOSAVE_MS = 800;
const TEXTAREA = 'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500';

function formOf(d: DiagnosisView | undefined): Form {
  return {
    categoryId: d?.category?.id ?? '',
    eventStart: d?.eventStart ?? null,
    eventEnd: d?.eventEnd ?? null,
    whatWentWrong: d?.whatWentWrong ?? '',
    whatShouldHaveHappened: d?.whatShouldHaveHappened ?? '',
    confidence: d?.confidence ?? null,
  };
}

const payload = (checkpointResultId: string, f: Form) => ({ checkpointResultId, ...f, categoryId: f.categoryId || null });

/**
 * The diagnosis of one failed checkpoint by the current user. Drafts autosave;
 * a submitted diagnosis can be edited and re-submitted (the server keeps the
 * earlier version). Mount it with `key={checkpoint.id}` so it starts fresh per checkpoint.
 */
export function DiagnosisEditor({
  checkpoint,
  mine,
  categories,
  selection,
  apiRef,
  onSaved,
  onSubmitted,
}: {
  checkpoint: CheckpointView;
  mine: DiagnosisView | undefined;
  categories: FailureCategoryView[];
  selection: [number, number] | null;
  apiRef: RefObject<EditorApi | null>;
  onSaved: () => void;
  onSubmitted: (pendingCount: number) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(mine));
  const [dirty, setDirty] = useState(false);
  const submitted = mine?.status === 'SUBMITTED';
  const wrongRef = useRef<HTMLTextAreaElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useMutation({
    mutationFn: (f: Form) => apiFetch<{ diagnosis: DiagnosisView }>('/api/diagnoses/draft', { method: 'PUT', json: payload(checkpoint.id, f) }),
    onSuccess: onSaved,
  });
  const submit = useMutation({
    mutationFn: (f: Form) => apiFetch<{ diagnosis: DiagnosisView; pendingCount: number }>('/api/diagnoses/submit', { method: 'POST', json: payload(checkpoint.id, f) }),
    onSuccess: (r) => {
      setDirty(false);
      onSubmitted(r.pendingCount);
    },
  });
  // Ctrl+Enter is often pressed with the form partly off screen: show why it was refused.
  useEffect(() => {
    if (submit.error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [submit.error]);

  const update = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
  };

  // Autosave drafts shortly after the last change. Submitted diagnoses are only
  // changed by an explicit re-submit, so their history stays meaningful.
  useEffect(() => {
    if (!dirty || submitted) return;
    timer.current = setTimeout(() => save.mutate(form), AUTOSAVE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, dirty, submitted]);

  const doSubmit = () => {
    if (timer.current) clearTimeout(timer.current);
    if (!submit.isPending) submit.mutate(form);
  };

  useEffect(() => {
    apiRef.current = {
      startOnSelection: (range) => {
        update({ eventStart: range[0], eventEnd: range[1] });
        wrongRef.current?.focus();
      },
      submit: doSubmit,
    };
  });

  const range = form.eventStart != null && form.eventEnd != null ? (form.eventStart === form.eventEnd ? `event #${form.eventStart}` : `events #${form.eventStart}–#${form.eventEnd}`) : 'no events selected';
  const status = submit.isPending
    ? 'Submitting…'
    : save.isPending
      ? 'Saving draft…'
      : submitted && dirty
        ? 'Edited: re-submit to keep the change (the earlier version is kept)'
        : submitted
          ? `Submitted${mine?.revisionCount ? ` · ${mine.revisionCount} earlier version${mine.revisionCount === 1 ? '' : 's'}` : ''}`
          : save.isSuccess
            ? 'Draft saved'
            : mine
              ? 'Draft'
              : 'Not started';

  return (
    <form
      aria-label={`Diagnosis of ${checkpoint.key}`}
      onSubmit={(e) => {
        e.preventDefault();
        doSubmit();
      }}
      className="space-y-3"
    >
      <div className="flex items-center justify-between gap-2 text-sm">
        <span data-testid="diagnosis-range" className="font-medium text-slate-700">
          {range}
        </span>
        <Button variant="secondary" disabled={!selection} onClick={() => selection && apiRef.current?.startOnSelection(selection)} title="d">
          Use selection (d)
        </Button>
      </div>
      <Field label="Failure category">
        <Select value={form.categoryId} onChange={(e) => update({ categoryId: e.target.value })}>
          <option value="">— pick one —</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id} title={c.description ?? undefined}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="What went wrong">
        <textarea ref={wrongRef} rows={3} value={form.whatWentWrong} maxLength={4000} onChange={(e) => update({ whatWentWrong: e.target.value })} className={TEXTAREA} />
      </Field>
      <Field label="What should have happened">
        <textarea rows={3} value={form.whatShouldHaveHappened} maxLength={4000} onChange={(e) => update({ whatShouldHaveHappened: e.target.value })} className={TEXTAREA} />
      </Field>
      <Field label="Confidence (optional)">
        <Select value={form.confidence ?? ''} onChange={(e) => update({ confidence: e.target.value ? Number(e.target.value) : null })}>
          <option value="">—</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? '(unsure)' : n === 5 ? '(certain)' : ''}
            </option>
          ))}
        </Select>
      </Field>
      <div ref={errorRef} className="empty:hidden">
        <ErrorMessage error={submit.error ?? save.error} />
      </div>
      <div className="flex items-center justify-between gap-2">
        <span role="status" data-testid="diagnosis-status" className="text-xs text-slate-500">
          {status}
        </span>
        <Button type="submit" disabled={submit.isPending}>
          {submitted ? 'Re-submit & next' : 'Submit & next'} <kbd className="rounded bg-white/20 px-1 font-mono text-[11px]">Ctrl+↵</kbd>
        </Button>
      </div>
      {mine && mine.revisionCount > 0 ? <DiagnosisHistory diagnosisId={mine.id} /> : null}
    </form>
  );
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, pairs, SelectField, SuggestInput, TextArea, TextInput, type Option } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { PreviewOptions } from '@/lib/releases/preview-options';
import type { PreviewTask, RetrievalPreview } from '@/lib/releases/preview-retrieval';
import { RetrievalQualityPanel, qualityKey } from './retrieval-quality-panel';
import { RetrievalResults } from './retrieval-results';
import { TaskPicker } from './task-picker';

type Form = {
  task: string;
  apps: string;
  ability: string;
  release: string;
  fn: string;
  k: string;
  taskId: string | null;
  picked: PreviewTask | null;
};

const appsOf = (f: Form) =>
  f.apps
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

const fromTask = (t: PreviewTask, f: Form): Form => ({
  ...f,
  task: t.instruction,
  apps: t.apps.join(', '),
  ability: t.ability ?? '',
  taskId: t.id,
  picked: t,
});

/** The retrieval preview: task (typed or picked), apps, ability, bank, optional function → what an agent would get. */
export function RetrievalPreviewView({ options }: { options: PreviewOptions }) {
  // The bank an agent runtime gets when it names none (POST /api/retrieve): the newest release, else the live bank.
  const blank: Form = {
    task: '',
    apps: '',
    ability: '',
    release: options.releases[0] ?? 'current',
    fn: '',
    k: '3',
    taskId: null,
    picked: null,
  };
  const [form, setForm] = useState<Form>(options.task ? fromTask(options.task, blank) : blank);
  const preview = useMutation({
    mutationFn: (f: Form) =>
      apiFetch<RetrievalPreview>('/api/retrieve/preview', {
        method: 'POST',
        json: {
          task: f.task,
          apps: appsOf(f),
          ability: f.ability.trim() || null,
          release: f.release,
          function: f.fn.trim() || undefined,
          k: Number(f.k),
          taskId: f.taskId ?? undefined,
        },
      }),
    onSuccess: (data) => setLabels(new Map(data.labels.map((l) => [l.cardKey, l.relevant]))),
  });
  const qc = useQueryClient();
  const [labels, setLabels] = useState<Map<string, boolean>>(new Map());
  // A judgement belongs to the query as submitted (what the results answer), not to the form being edited.
  const label = useMutation({
    mutationFn: ({ cardKey, relevant }: { cardKey: string; relevant: boolean | null }) => {
      const f = preview.variables!;
      return apiFetch('/api/retrieve/labels', {
        method: 'POST',
        json: { task: f.task, ability: f.ability.trim() || null, apps: appsOf(f), cardKey, relevant },
      });
    },
    onSuccess: (_, { cardKey, relevant }) => {
      setLabels((m) => {
        const next = new Map(m);
        if (relevant === null) next.delete(cardKey);
        else next.set(cardKey, relevant);
        return next;
      });
      return qc.invalidateQueries({ queryKey: qualityKey(preview.variables!.release) });
    },
  });
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  // The value and change of one of the form's text fields.
  const bind = (key: 'task' | 'apps' | 'ability' | 'release' | 'fn' | 'k') => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set({ [key]: e.target.value }),
  });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (form.task.trim()) preview.mutate(form);
  };
  const ctrlEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(18rem,26rem)_minmax(0,1fr)]">
      <form
        onSubmit={submit}
        onKeyDown={ctrlEnter}
        className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-4"
        aria-label="Retrieval query"
      >
        <TaskPicker onPick={(t) => setForm((f) => fromTask(t, f))} />
        {form.picked ? (
          <p className="rounded bg-slate-50 px-2 py-1 text-xs text-slate-600" data-testid="picked-task">
            From task{' '}
            <span className="font-mono">
              {form.picked.benchmark} · {form.picked.externalId}
            </span>
            {form.picked.split === 'HELDOUT' ? ' (held-out)' : ''} — its provenance is checked for leakage.{' '}
            <button
              type="button"
              className="text-indigo-700 underline"
              onClick={() => set({ taskId: null, picked: null })}
            >
              Unlink
            </button>
          </p>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Task text
          <TextArea
            required
            rows={6}
            {...bind('task')}
            className="mt-1"
            placeholder="The instruction the agent is about to work on"
          />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Apps (comma-separated)">
            <TextInput {...bind('apps')} placeholder="mail, contacts" />
          </Field>
          <Field label="Ability (bank)">
            <SuggestInput {...bind('ability')} suggestions={options.banks} placeholder="every bank" />
          </Field>
          <SelectField
            label="Bank"
            {...bind('release')}
            options={[
              ['current', `Current (live)${options.releases.length ? ', not released yet' : ', what agents get'}`],
              ...options.releases.map((r, i): Option => [
                r,
                `Release ${r}${i === 0 ? ' (newest, what agents get)' : ''}`,
              ]),
            ]}
          />
          <SelectField label="Skill cards (k)" {...bind('k')} options={pairs(['1', '2', '3', '5', '10'])} />
        </div>
        <Field label="Pre-tool function (optional)">
          <SuggestInput {...bind('fn')} suggestions={options.tools} placeholder="App.function" />
        </Field>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={!form.task.trim() || preview.isPending}>
            {preview.isPending ? 'Retrieving…' : 'Preview retrieval'}
          </Button>
          <span className="text-xs text-slate-600">Ctrl+Enter</span>
        </div>
        <ErrorMessage error={preview.error} />
      </form>
      <div className="min-w-0">
        {preview.data ? (
          <div className="space-y-6">
            <ErrorMessage error={label.error} />
            <RetrievalResults
              result={preview.data}
              labelling={
                options.canLabel
                  ? {
                      labels,
                      onLabel: (cardKey, relevant) => label.mutate({ cardKey, relevant }),
                      pendingKey: label.isPending ? (label.variables?.cardKey ?? null) : null,
                    }
                  : undefined
              }
            />
            <RetrievalQualityPanel release={preview.variables!.release} />
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-sm text-slate-600">
            Enter task text (or pick an imported task) and press “Preview retrieval” to see the ranked cards, the
            rendered block and any leakage.
          </p>
        )}
      </div>
    </div>
  );
}

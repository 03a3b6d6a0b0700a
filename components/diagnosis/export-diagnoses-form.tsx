'use client';

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { CheckboxField, Field, Select, SuggestInput, TextInput } from '@/components/ui/field';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import { diagnosisExportHref } from '@/lib/diagnosis/export-scope';
import { plural } from '@/lib/text/plural';

type Scope = {
  benchmark: string;
  ability: string;
  model: string;
  task: string;
  from: string;
  to: string;
  deidentify: boolean;
};

const EMPTY: Scope = { benchmark: '', ability: '', model: '', task: '', from: '', to: '', deidentify: false };
const TEXT_FIELDS = [
  ['benchmark', 'Benchmark', 'e.g. tau2-bench'],
  ['ability', 'Ability', 'e.g. airline'],
  ['model', 'Model', 'any'],
  ['task', 'Task id', 'e.g. airline/16'],
] as const;

/**
 * "Export diagnoses" (docs/export-diagnoses.md): a scope, a format and the
 * de-identification choice; the count of the scope first, then a plain
 * download link, so the browser streams the file instead of holding it.
 */
export function ExportDiagnosesForm({ benchmarks }: { benchmarks: string[] }) {
  const [scope, setScope] = useState<Scope>(EMPTY);
  const [format, setFormat] = useState<'jsonl' | 'csv'>('jsonl');
  // Typing in a field recounts once the typing settles into a render, not once per keystroke.
  const asked = useDeferredValue(scope);
  const count = useQuery({
    queryKey: ['diagnoses-export-count', asked],
    queryFn: () => apiFetch<{ count: number }>(diagnosisExportHref({ ...asked, format: 'count' })),
  });
  const set = (k: keyof Scope) => (e: { target: { value: string } }) => setScope({ ...scope, [k]: e.target.value });

  return (
    <section
      aria-labelledby="export-diagnoses-title"
      className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="export-diagnoses-title" className="text-base font-semibold text-slate-900">
        Export diagnoses
      </h2>
      <p className="text-sm text-slate-600">
        Every submitted diagnosis in the scope, with its task, run, checkpoint, anchored events, category, both texts, a
        pseudonymous annotator, agreement, adjudication and the cards it fed.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {TEXT_FIELDS.map(([k, label, hint]) => (
          <Field key={k} label={label} className="min-w-40">
            <SuggestInput
              name={k}
              value={scope[k]}
              onChange={set(k)}
              placeholder={hint}
              suggestions={k === 'benchmark' ? benchmarks : undefined}
            />
          </Field>
        ))}
        <Field label="Submitted from" className="min-w-36">
          <TextInput type="date" name="from" value={scope.from} onChange={set('from')} />
        </Field>
        <Field label="to" className="min-w-36">
          <TextInput type="date" name="to" value={scope.to} onChange={set('to')} />
        </Field>
        <Field label="Format" className="min-w-28">
          <Select name="format" value={format} onChange={(e) => setFormat(e.target.value as 'jsonl' | 'csv')}>
            <option value="jsonl">JSONL</option>
            <option value="csv">CSV</option>
          </Select>
        </Field>
        <CheckboxField
          label="De-identify texts"
          fieldClassName="h-8"
          name="deidentify"
          checked={scope.deidentify}
          onChecked={(deidentify) => setScope({ ...scope, deidentify })}
        />
      </div>
      <div aria-live="polite" className="flex items-center gap-3">
        {count.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Counting diagnoses…
          </p>
        ) : count.isError ? (
          <ErrorMessage error={count.error} />
        ) : count.data.count === 0 ? (
          <p className="text-sm text-slate-600" data-testid="export-empty">
            No submitted diagnosis in this scope: widen it (clear a field) to export.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="export-count">
              {plural(count.data.count, ['diagnosis', 'diagnoses'])} in this scope
            </p>
            <a
              href={diagnosisExportHref({ ...asked, format })}
              download
              className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Download {format === 'csv' ? 'CSV' : 'JSONL'}
            </a>
          </>
        )}
      </div>
    </section>
  );
}

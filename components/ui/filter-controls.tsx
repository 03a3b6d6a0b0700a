'use client';

import { useState, type ComponentProps } from 'react';
import { Field, pairs, SelectField, TextInput, type Option } from './field';

/** The wording every list filter uses for "no filter". */
export const ANY = 'any';

/** A drop-down filter that applies on change; "" = any. A value not in `options` (typed into the URL) still shows. */
export function FilterSelect({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: readonly Option[]; onChange: (v: string) => void }) {
  const all: Option[] = [['', ANY], ...options, ...(value && !options.some(([v]) => v === value) ? [[value, value] as const] : [])];
  return <SelectField label={label} name={name} value={value} onChange={(e) => onChange(e.target.value)} options={all} />;
}

/** A text filter that applies on Enter or when leaving the field (not on every keystroke); Esc leaves the field. */
export function FilterText({ label, value, onChange, ...input }: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> & { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  // The applied value changed from outside (e.g. "Clear filters", the back button): show it. Typing keeps focus.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }
  return (
    <Field label={label}>
      <TextInput
        {...input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() !== value && onChange(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onChange(text.trim());
          } else if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
    </Field>
  );
}

/** The filters the queue and the task list start with (same names, same wording): benchmark, ability, model, task id. */
export function TaskScopeFilters({ options, params, onChange }: { options: { benchmarks: string[]; abilities: string[]; models: string[] }; params: URLSearchParams; onChange: (patch: Record<string, string | null>) => void }) {
  const v = (k: string) => params.get(k) ?? '';
  return (
    <>
      <FilterSelect label="Benchmark" name="benchmark" value={v('benchmark')} options={pairs(options.benchmarks)} onChange={(x) => onChange({ benchmark: x })} />
      <FilterSelect label="Ability" name="ability" value={v('ability')} options={pairs(options.abilities)} onChange={(x) => onChange({ ability: x })} />
      <FilterSelect label="Model" name="model" value={v('model')} options={pairs(options.models)} onChange={(x) => onChange({ model: x })} />
      <FilterText label="Task id" name="taskId" value={v('taskId')} placeholder="e.g. airline/16" onChange={(x) => onChange({ taskId: x })} />
    </>
  );
}

/**
 * The end of every list's filter bar, so they all read the same: "Clear
 * filters" once any filter is set, and the note that the list shows one
 * import only (from an import report's link) with the way back to all.
 */
export function FilterBarEnd({ keys, params, onChange, what }: { keys: readonly string[]; params: URLSearchParams; onChange: (patch: Record<string, string | null>) => void; what: string }) {
  const filtered = keys.some((k) => params.get(k));
  return (
    <>
      {filtered ? (
        <button type="button" onClick={() => onChange(Object.fromEntries(keys.map((k) => [k, null])))} className="self-end justify-self-start px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">
          Clear filters
        </button>
      ) : null}
      {params.get('importId') ? (
        <p className="col-span-full text-xs text-slate-600">
          Only {what} from one import.{' '}
          <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => onChange({ importId: null })}>
            Show every import
          </button>
        </p>
      ) : null}
    </>
  );
}

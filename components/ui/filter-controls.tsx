'use client';

import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { Field, pairs, SelectField, TextInput, type Option } from './field';
import { TextButton } from './button';

/** The wording every list filter uses for "no filter". */
export const ANY = 'any';

/** A drop-down filter that applies on change; "" = any. A value not in `options` (typed into the URL) still shows. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange: (v: string) => void;
}) {
  const all: Option[] = [
    ['', ANY],
    ...options,
    ...(value && !options.some(([v]) => v === value) ? [[value, value] as const] : []),
  ];
  return (
    <SelectField label={label} name={name} value={value} onChange={(e) => onChange(e.target.value)} options={all} />
  );
}

/** How long typing pauses before a text filter applies. */
export const TEXT_FILTER_PAUSE_MS = 400;

/** How a text filter applies: the first apply of one edit (focus to blur) adds a history entry, its later ones replace it. */
export type TextApply = { replace: boolean };

/** A filter bar's change of its list's URL filters (`how` from a text filter, see TextApply). */
export type OnFilterChange = (patch: Record<string, string | null>, how?: TextApply) => void;

/**
 * A text filter that applies when typing pauses (TEXT_FILTER_PAUSE_MS), on Enter and on leaving the field,
 * so the list never ignores what the field shows (it applied on Enter only, and a change of another filter
 * went out without the typed text). Not on every keystroke: each apply reloads the list. Esc leaves the field.
 */
export function FilterText({
  label,
  value,
  onChange,
  ...input
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> & {
  label: string;
  value: string;
  onChange: (v: string, how: TextApply) => void;
}) {
  const [text, setText] = useState(value);
  // The applied value as last rendered, and the one this field last sent and is waiting to see applied.
  const [applied, setApplied] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (applied !== value) {
    setApplied(value);
    setSent(null);
    // Its own text arriving keeps what was typed since; any other change (Clear filters, Back/Forward) shows the new value.
    if (value !== sent) setText(value);
  }
  const editApplied = useRef(false);
  const apply = () => {
    const v = text.trim();
    if (v === value) return;
    onChange(v, { replace: editApplied.current });
    editApplied.current = true;
    setSent(v);
  };
  const applyAfterPause = useEffectEvent(apply);
  // Waiting for the pause: typed text the list does not have and that is not on its way there already.
  const pending = text.trim() !== value && text.trim() !== sent;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(applyAfterPause, TEXT_FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pending, text]);
  return (
    <Field label={label}>
      <TextInput
        {...input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={(e) => {
          editApplied.current = false;
          input.onFocus?.(e);
        }}
        onBlur={(e) => {
          apply();
          input.onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') e.currentTarget.blur();
          input.onKeyDown?.(e);
        }}
      />
    </Field>
  );
}

/**
 * The props of a filter that edits one URL key: its `name`, its value in the URL ("" when unset) and
 * its change of that key: `<FilterSelect label="Ability" {...bind('ability')} options={…} />`.
 */
export function filterBinding(params: URLSearchParams, onChange: OnFilterChange) {
  return (key: string) => ({
    name: key,
    value: params.get(key) ?? '',
    onChange: (value: string, how?: TextApply) => onChange({ [key]: value }, how),
  });
}

/** filterBinding for a plain SelectField, whose change is the select's event. */
export function selectFilterBinding(params: URLSearchParams, onChange: OnFilterChange) {
  const bind = filterBinding(params, onChange);
  return (key: string) => {
    const { onChange: change, ...rest } = bind(key);
    return { ...rest, onChange: (e: ChangeEvent<HTMLSelectElement>) => change(e.target.value) };
  };
}

/** The filters the queue and the task list start with (same names, same wording): benchmark, ability, model, task id. */
export function TaskScopeFilters({
  options,
  params,
  onChange,
}: {
  options: { benchmarks: string[]; abilities: string[]; models: string[] };
  params: URLSearchParams;
  onChange: OnFilterChange;
}) {
  const bind = filterBinding(params, onChange);
  return (
    <>
      <FilterSelect label="Benchmark" {...bind('benchmark')} options={pairs(options.benchmarks)} />
      <FilterSelect label="Ability" {...bind('ability')} options={pairs(options.abilities)} />
      <FilterSelect label="Model" {...bind('model')} options={pairs(options.models)} />
      <FilterText label="Task id" {...bind('taskId')} placeholder="e.g. airline/16" />
    </>
  );
}

/**
 * The end of every list's filter bar, so they all read the same: "Clear
 * filters" once any filter is set, and the note that the list shows one
 * import only (from an import report's link) with the way back to all.
 */
export function FilterBarEnd({
  keys,
  params,
  onChange,
  what,
}: {
  keys: readonly string[];
  params: URLSearchParams;
  onChange: OnFilterChange;
  what: string;
}) {
  const filtered = keys.some((k) => params.get(k));
  return (
    <>
      {filtered ? (
        <button
          type="button"
          onClick={() => onChange(Object.fromEntries(keys.map((k) => [k, null])))}
          className="self-end justify-self-start px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900"
        >
          Clear filters
        </button>
      ) : null}
      {params.get('importId') ? (
        <p className="col-span-full text-xs text-slate-600">
          Only {what} from one import.{' '}
          <TextButton className="font-medium" onClick={() => onChange({ importId: null })}>
            Show every import
          </TextButton>
        </p>
      ) : null}
    </>
  );
}

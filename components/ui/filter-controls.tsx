'use client';

import { Field, Select, TextInput } from './field';

/** The wording every list filter uses for "no filter". */
export const ANY = 'any';

/** A drop-down filter that applies on change; "" = any. A value not in `options` (typed into the URL) still shows. */
export function FilterSelect({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  const all: [string, string][] = value && !options.some(([v]) => v === value) ? [...options, [value, value]] : options;
  return (
    <Field label={label}>
      <Select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{ANY}</option>
        {all.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A text filter that applies on Enter or when leaving the field (not on every keystroke). */
export function FilterText({ label, name, value, placeholder, onChange }: { label: string; name: string; value: string; placeholder?: string; onChange: (v: string) => void }) {
  return (
    <Field label={label}>
      <TextInput
        name={name}
        // Re-mounts when the URL value changes (e.g. "Clear filters"), so the field shows it.
        key={value}
        defaultValue={value}
        placeholder={placeholder}
        onBlur={(e) => e.target.value.trim() !== value && onChange(e.target.value.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onChange(e.currentTarget.value.trim());
          }
        }}
      />
    </Field>
  );
}

export const pairs = (xs: string[]): [string, string][] => xs.map((x) => [x, x]);

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

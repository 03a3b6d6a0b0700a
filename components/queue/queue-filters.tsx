'use client';

import { Field, Select, TextInput } from '@/components/ui/field';
import type { QueueFacets } from '@/lib/queue/list-queue';

export const FILTER_KEYS = ['benchmark', 'ability', 'model', 'taskId', 'checkpointKey', 'checkpointStatus', 'assignee'] as const;

function Choice({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  return (
    <Field label={label}>
      <Select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">any</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>{l}</option>
        ))}
      </Select>
    </Field>
  );
}

/** Filter bar; every value lives in the URL so a filtered queue can be shared and "next" honours it. */
export function QueueFilters({
  facets,
  isAdmin,
  params,
  onChange,
}: {
  facets: QueueFacets;
  isAdmin: boolean;
  params: URLSearchParams;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  const v = (k: string) => params.get(k) ?? '';
  const pairs = (xs: string[]): [string, string][] => xs.map((x) => [x, x]);
  // A value typed into the URL that is not in the facets still shows as selected.
  const withCurrent = (xs: string[], k: string) => (v(k) && !xs.includes(v(k)) ? [...xs, v(k)] : xs);
  return (
    <form
      aria-label="Queue filters"
      // Enter in a text filter applies it (not only leaving the field).
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onChange({ taskId: String(data.get('taskId') ?? '').trim(), checkpointKey: String(data.get('checkpointKey') ?? '').trim() });
      }}
      className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 xl:grid-cols-7">
      <Choice label="Benchmark" name="benchmark" value={v('benchmark')} options={pairs(withCurrent(facets.benchmarks, 'benchmark'))} onChange={(x) => onChange({ benchmark: x })} />
      <Choice label="Ability" name="ability" value={v('ability')} options={pairs(withCurrent(facets.abilities, 'ability'))} onChange={(x) => onChange({ ability: x })} />
      <Choice label="Model" name="model" value={v('model')} options={pairs(withCurrent(facets.models, 'model'))} onChange={(x) => onChange({ model: x })} />
      <Field label="Task id">
        <TextInput name="taskId" defaultValue={v('taskId')} placeholder="e.g. airline/16" onBlur={(e) => onChange({ taskId: e.target.value.trim() })} />
      </Field>
      <Field label="Checkpoint key">
        <TextInput name="checkpointKey" defaultValue={v('checkpointKey')} placeholder="e.g. 16_0" onBlur={(e) => onChange({ checkpointKey: e.target.value.trim() })} />
      </Field>
      <Choice
        label="Checkpoint status"
        name="checkpointStatus"
        value={v('checkpointStatus')}
        options={[['undiagnosed', 'not started'], ['draft', 'draft in progress']]}
        onChange={(x) => onChange({ checkpointStatus: x })}
      />
      <Choice
        label="Assignee"
        name="assignee"
        value={v('assignee')}
        options={[['unclaimed', 'unclaimed'], ['mine', 'mine'], ...(isAdmin ? facets.annotators.map((a): [string, string] => [a.id, a.name]) : [])]}
        onChange={(x) => onChange({ assignee: x })}
      />
      {/* Implicit submission (Enter) needs a submit button once a form has two text fields. */}
      <button type="submit" tabIndex={-1} className="sr-only">
        Apply filters
      </button>
    </form>
  );
}

import Link from 'next/link';
import { Field, Select } from '@/components/ui/field';
import type { TaskFilterOptions, TaskListQuery } from '@/lib/tasks/list-tasks';

/** A plain GET form: filters live in the URL (shareable, back button works, no script needed). */
export function TaskFilters({ options, query }: { options: TaskFilterOptions; query: TaskListQuery }) {
  const menus = [
    { name: 'benchmark', label: 'Benchmark', values: options.benchmarks, current: query.benchmark },
    { name: 'ability', label: 'Ability', values: options.abilities, current: query.ability },
    { name: 'model', label: 'Model', values: options.models, current: query.model },
  ] as const;
  return (
    <form method="get" action="/tasks" aria-label="Filter tasks" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      {menus.map((m) => (
        <div key={m.name} className="min-w-48">
          <Field label={m.label}>
            <Select name={m.name} defaultValue={m.current ?? ''}>
              <option value="">All</option>
              {m.values.map((v) => (
                <option key={v} value={v}>{v}</option>
              ))}
            </Select>
          </Field>
        </div>
      ))}
      <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500">Apply</button>
      {query.benchmark || query.ability || query.model ? (
        <Link href="/tasks" className="px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">Clear filters</Link>
      ) : null}
    </form>
  );
}

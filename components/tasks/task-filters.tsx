'use client';

import { FilterSelect, FilterText, pairs } from '@/components/ui/filter-controls';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import type { TaskFilterOptions } from '@/lib/tasks/list-tasks';
import { TASK_FILTER_KEYS } from '@/lib/tasks/task-filter-keys';

/** Same behaviour and wording as the queue's filters: they apply at once and live in the URL. */
export function TaskFilters({ options }: { options: TaskFilterOptions }) {
  const { params, setParams } = useUrlFilters();
  const v = (k: string) => params.get(k) ?? '';
  const filtered = TASK_FILTER_KEYS.some((k) => v(k));
  return (
    <form aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()} className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-5">
      <FilterText label="Task id" name="taskId" value={v('taskId')} placeholder="e.g. airline/16" onChange={(x) => setParams({ taskId: x })} />
      <FilterSelect label="Benchmark" name="benchmark" value={v('benchmark')} options={pairs(options.benchmarks)} onChange={(x) => setParams({ benchmark: x })} />
      <FilterSelect label="Ability" name="ability" value={v('ability')} options={pairs(options.abilities)} onChange={(x) => setParams({ ability: x })} />
      <FilterSelect label="Model" name="model" value={v('model')} options={pairs(options.models)} onChange={(x) => setParams({ model: x })} />
      {filtered ? (
        <button type="button" onClick={() => setParams(Object.fromEntries(TASK_FILTER_KEYS.map((k) => [k, null])))} className="justify-self-start px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">
          Clear filters
        </button>
      ) : null}
      {v('importId') ? <p className="col-span-full text-xs text-slate-600">Only tasks from one import.</p> : null}
    </form>
  );
}

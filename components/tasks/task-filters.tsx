'use client';

import { pairs } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import { FilterBarEnd, FilterSelect, FilterText } from '@/components/ui/filter-controls';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import type { TaskFilterOptions } from '@/lib/tasks/list-tasks';
import { TASK_FILTER_KEYS } from '@/lib/tasks/task-filter-keys';

/** Same behaviour and wording as the queue's filters: they apply at once and live in the URL. */
export function TaskFilters({ options }: { options: TaskFilterOptions }) {
  const { params, setParams } = useUrlFilters();
  const v = (k: string) => params.get(k) ?? '';
  return (
    <FilterBar aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()} className="mb-4 md:grid-cols-5">
      <FilterSelect label="Benchmark" name="benchmark" value={v('benchmark')} options={pairs(options.benchmarks)} onChange={(x) => setParams({ benchmark: x })} />
      <FilterSelect label="Ability" name="ability" value={v('ability')} options={pairs(options.abilities)} onChange={(x) => setParams({ ability: x })} />
      <FilterSelect label="Model" name="model" value={v('model')} options={pairs(options.models)} onChange={(x) => setParams({ model: x })} />
      <FilterText label="Task id" name="taskId" value={v('taskId')} placeholder="e.g. airline/16" onChange={(x) => setParams({ taskId: x })} />
      <FilterBarEnd keys={TASK_FILTER_KEYS} params={params} onChange={setParams} what="tasks" />
    </FilterBar>
  );
}

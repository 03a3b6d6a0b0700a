'use client';

import { FilterBar } from '@/components/ui/filter-bar';
import { FilterBarEnd, TaskScopeFilters } from '@/components/ui/filter-controls';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import type { TaskFilterOptions } from '@/lib/tasks/list-tasks';
import { TASK_FILTER_KEYS } from '@/lib/tasks/task-filter-keys';

/** Same behaviour and wording as the queue's filters: they apply at once and live in the URL. */
export function TaskFilters({ options }: { options: TaskFilterOptions }) {
  const { params, setParams } = useUrlFilters();
  return (
    <FilterBar aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()} className="mb-4 md:grid-cols-5">
      <TaskScopeFilters options={options} params={params} onChange={setParams} />
      <FilterBarEnd keys={TASK_FILTER_KEYS} params={params} onChange={setParams} what="tasks" />
    </FilterBar>
  );
}

'use client';

import { FilterBar } from '@/components/ui/filter-bar';
import {
  FilterBarEnd,
  FilterSelect,
  FilterText,
  TaskScopeFilters,
  type OnFilterChange,
} from '@/components/ui/filter-controls';
import { SelectField } from '@/components/ui/field';
import type { QueueFacets } from '@/lib/queue/list-queue';

export const FILTER_KEYS = [
  'benchmark',
  'ability',
  'model',
  'taskId',
  'checkpointKey',
  'checkpointStatus',
  'kind',
  'assignee',
  'importId',
  'informational',
] as const;

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
  onChange: OnFilterChange;
}) {
  const v = (k: string) => params.get(k) ?? '';
  return (
    <FilterBar
      aria-label="Queue filters"
      onSubmit={(e) => e.preventDefault()}
      className="md:grid-cols-4 xl:grid-cols-8"
    >
      <TaskScopeFilters options={facets} params={params} onChange={onChange} />
      <FilterText
        label="Checkpoint key"
        name="checkpointKey"
        value={v('checkpointKey')}
        placeholder="e.g. 16_0"
        onChange={(x, how) => onChange({ checkpointKey: x }, how)}
      />
      <FilterSelect
        label="Checkpoint status"
        name="checkpointStatus"
        value={v('checkpointStatus')}
        options={[
          ['undiagnosed', 'not started'],
          ['draft', 'draft in progress'],
        ]}
        onChange={(x) => onChange({ checkpointStatus: x })}
      />
      {/* Not "any" when empty: by default a passed run's failed checks outside its reward basis are left out. */}
      <SelectField
        label="Informational checks"
        name="informational"
        value={v('informational')}
        onChange={(e) => onChange({ informational: e.target.value || null })}
        options={[
          ['', 'left out (did not count)'],
          ['include', 'included'],
          ['only', 'only these'],
        ]}
      />
      {/* Run-level items: failed runs without a failed checkpoint result (max_steps, too_many_errors), diagnosed as a whole. */}
      <FilterSelect
        label="Item kind"
        name="kind"
        value={v('kind')}
        options={[
          ['checkpoint', 'failed checkpoints'],
          ['run-level', 'run-level (whole run)'],
        ]}
        onChange={(x) => onChange({ kind: x })}
      />
      <FilterSelect
        label="Assignee"
        name="assignee"
        value={v('assignee')}
        options={[
          ['unclaimed', 'unclaimed'],
          ['mine', 'mine'],
          ...(isAdmin ? facets.annotators.map((a): [string, string] => [a.id, a.name]) : []),
        ]}
        onChange={(x) => onChange({ assignee: x })}
      />
      <FilterBarEnd keys={FILTER_KEYS} params={params} onChange={onChange} what="trajectories" />
    </FilterBar>
  );
}

'use client';

import { FilterBar } from '@/components/ui/filter-bar';
import {
  FilterBarEnd,
  FilterSelect,
  FilterText,
  filterBinding,
  TaskScopeFilters,
  type OnFilterChange,
} from '@/components/ui/filter-controls';
import { SelectField, type Option } from '@/components/ui/field';
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

const CHECKPOINT_STATUS_OPTIONS: Option[] = [
  ['undiagnosed', 'not started'],
  ['draft', 'draft in progress'],
];
const INFORMATIONAL_OPTIONS: Option[] = [
  ['', 'left out (did not count)'],
  ['include', 'included'],
  ['only', 'only these'],
];
const KIND_OPTIONS: Option[] = [
  ['checkpoint', 'failed checkpoints'],
  ['run-level', 'run-level (whole run)'],
];

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
  const bind = filterBinding(params, onChange);
  return (
    <FilterBar
      aria-label="Queue filters"
      onSubmit={(e) => e.preventDefault()}
      className="md:grid-cols-4 xl:grid-cols-8"
    >
      <TaskScopeFilters options={facets} params={params} onChange={onChange} />
      <FilterText label="Checkpoint key" {...bind('checkpointKey')} placeholder="e.g. 16_0" />
      <FilterSelect label="Checkpoint status" {...bind('checkpointStatus')} options={CHECKPOINT_STATUS_OPTIONS} />
      {/* Not "any" when empty: by default a passed run's failed checks outside its reward basis are left out. */}
      <SelectField
        label="Informational checks"
        name="informational"
        value={params.get('informational') ?? ''}
        onChange={(e) => onChange({ informational: e.target.value || null })}
        options={INFORMATIONAL_OPTIONS}
      />
      {/* Run-level items: failed runs without a failed checkpoint result (max_steps, too_many_errors), diagnosed as a whole. */}
      <FilterSelect label="Item kind" {...bind('kind')} options={KIND_OPTIONS} />
      <FilterSelect
        label="Assignee"
        {...bind('assignee')}
        options={[
          ['unclaimed', 'unclaimed'],
          ['mine', 'mine'],
          ...(isAdmin ? facets.annotators.map((a): Option => [a.id, a.name]) : []),
        ]}
      />
      <FilterBarEnd keys={FILTER_KEYS} params={params} onChange={onChange} what="trajectories" />
    </FilterBar>
  );
}

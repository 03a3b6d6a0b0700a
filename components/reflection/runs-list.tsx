'use client';

import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import type { RunStatus } from '@prisma/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';
import type { RunListItem, RunsPage } from '@/lib/reflection/read-run';
import type { RunsListQuery } from '@/lib/reflection/run-status';
import { formatDuration } from './format';
import { isActiveStatus, ProviderLabel, RunStatusBadge } from './run-status-badge';
import { POLL_MS } from './use-run-summaries';
import { Pager } from '@/components/ui/pager';

export const RUNS_KEY = ['reflection', 'runs'];

const FILTERS: { value: RunStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Running' },
  { value: 'SUCCEEDED', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** The query of another page: page 1 needs no cursor; a step back or forward carries the keyset cursor of this page. */
function toPage(query: RunsListQuery, page: number, data: RunsPage): RunsListQuery {
  if (page <= 1) return { ...query, page: 1, after: undefined, before: undefined };
  return page < data.page ? { ...query, page, after: undefined, before: data.cursors.before ?? undefined } : { ...query, page, after: data.cursors.after ?? undefined, before: undefined };
}

const COLUMNS: ColumnDef<RunListItem>[] = [
  { header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
  {
    header: 'Run',
    cell: (r) => (
      <>
        <Link href={`/runs/${r.id}`} className="font-medium text-indigo-700 hover:underline"><UntrustedText text={runTitle(r)} clip="max-w-sm" /></Link>
        {r.batchId ? <span className="ml-2 text-xs text-slate-500">batch</span> : null}
        {r.status === 'FAILED' && r.error ? <p className="mt-0.5 max-w-md truncate text-xs text-rose-700" title={r.error}>{r.error}</p> : null}
      </>
    ),
  },
  { header: 'Provider', cell: (r) => <ProviderLabel provider={r.provider} model={r.model} /> },
  { header: 'Started', className: 'text-slate-600', cell: (r) => new Date(r.startedAt ?? r.createdAt).toLocaleString() },
  { header: 'Duration', className: 'text-slate-600', cell: (r) => formatDuration(r.startedAt, r.finishedAt) },
  { header: 'Proposals', className: 'whitespace-nowrap', cell: proposalsOf },
  { header: 'Tokens', className: 'text-slate-600', cell: (r) => r.promptTokens + r.completionTokens || '—' },
];

function toSearch(q: RunsListQuery): string {
  const qs = new URLSearchParams();
  if (q.page > 1) qs.set('page', String(q.page));
  if (q.status) qs.set('status', q.status);
  if (q.taskId) qs.set('taskId', q.taskId);
  if (q.after) qs.set('after', q.after);
  if (q.before) qs.set('before', q.before);
  return qs.toString();
}

/** The runs table: status filter, pagination, and live status while anything on the page is queued or running. */
export function RunsList({ initial, initialQuery }: { initial: RunsPage; initialQuery: RunsListQuery }) {
  const [query, setQuery] = useState<RunsListQuery>(initialQuery);
  const { live } = useLiveChannel(['runs'], [RUNS_KEY]);
  const runs = useQuery({
    queryKey: [...RUNS_KEY, query],
    queryFn: () => apiFetch<RunsPage>(`/api/reflection/runs?${toSearch(query)}`),
    initialData: toSearch(query) === toSearch(initialQuery) ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => activeRefetchInterval(live, !!q.state.data?.items.some((r) => isActiveStatus(r.status)), POLL_MS),
  });

  function go(next: RunsListQuery) {
    setQuery(next);
    // Keep the URL shareable without a server round trip.
    const qs = toSearch(next);
    window.history.replaceState(null, '', qs ? `/runs?${qs}` : '/runs');
  }

  const data = runs.data;
  return (
    <section aria-labelledby="runs-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="runs-heading" className="text-base font-semibold">
          Runs{query.taskId ? ' of this task' : ''}
          {query.taskId ? (
            <button type="button" className="ml-2 text-sm font-normal text-indigo-700 hover:underline" onClick={() => go({ ...query, taskId: undefined, page: 1, after: undefined, before: undefined })}>
              show all tasks
            </button>
          ) : null}
        </h2>
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <Button key={f.label} variant={query.status === f.value ? 'primary' : 'secondary'} aria-pressed={query.status === f.value} onClick={() => go({ ...query, status: f.value, page: 1, after: undefined, before: undefined })}>
              {f.label}
            </Button>
          ))}
        </div>
      </div>
      <DataTable columns={COLUMNS} rows={data?.items} rowProps={(r) => ({ 'data-run-id': r.id })} error={runs.error} loading="Loading runs…"
        empty={
          <EmptyState title={query.status || query.taskId ? 'No run matches this filter' : 'No reflection run yet'}>
            Start one from a task&apos;s contrast page (&ldquo;Run reflection&rdquo;) or for many tasks at once above.
          </EmptyState>
        }
      />
      {/* Next/Previous carry a keyset cursor (no OFFSET however deep); a bare ?page=N link still works. */}
      {data ? <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="run" onPage={(page) => go(toPage(query, page, data))} /> : null}
    </section>
  );
}

function runTitle(r: RunListItem): string {
  if (r.kind === 'FUNCTION_CARDS') return 'Function cards';
  if (r.kind === 'RECURATE') return `Re-curation${r.task ? ` · ${r.task.benchmark} · ${r.task.externalId}` : ''}`;
  return r.task ? `${r.task.benchmark} · ${r.task.externalId}` : 'Reflection (task removed)';
}

function proposalsOf(r: RunListItem): string {
  const pending = r.proposals.PENDING ?? 0;
  const total = Object.entries(r.proposals).reduce((n, [status, c]) => (status === 'NOOP' ? n : n + (c ?? 0)), 0);
  return total ? `${pending} pending / ${total}` : r.status === 'SUCCEEDED' ? 'none' : '—';
}

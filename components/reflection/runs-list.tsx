'use client';

import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import type { RunStatus } from '@prisma/client';
import Link from 'next/link';
import { Button, TextButton } from '@/components/ui/button';
import { useServerList } from '@/components/ui/use-server-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import type { RunListItem, RunsPage } from '@/lib/reflection/read-run';
import { formatDuration } from './format';
import { isActiveStatus, ProviderLabel, RunStatusBadge } from './run-status-badge';
import { POLL_MS } from './use-run-summaries';
import { Pager, unlessPastEnd } from '@/components/ui/pager';

export const RUNS_KEY = ['reflection', 'runs'];

const FILTERS: { value: RunStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Running' },
  { value: 'SUCCEEDED', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

const COLUMNS: ColumnDef<RunListItem>[] = [
  { header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
  {
    header: 'Run',
    cell: (r) => (
      <>
        <Link href={`/runs/${r.id}`} className="font-medium text-indigo-700 hover:underline">
          <UntrustedText text={runTitle(r)} clip="max-w-sm" />
        </Link>
        {r.batchId ? <span className="ml-2 text-xs text-slate-600">batch</span> : null}
        {/* The error can quote the model's answer: untrusted text. */}
        {r.status === 'FAILED' && r.error ? (
          <p className="mt-0.5 text-xs text-rose-700">
            <UntrustedText text={r.error} clip="max-w-md" />
          </p>
        ) : null}
      </>
    ),
  },
  { header: 'Provider', cell: (r) => <ProviderLabel provider={r.provider} model={r.model} /> },
  {
    header: 'Started',
    className: 'text-slate-600',
    cell: (r) => new Date(r.startedAt ?? r.createdAt).toLocaleString(),
  },
  { header: 'Duration', className: 'text-slate-600', cell: (r) => formatDuration(r.startedAt, r.finishedAt) },
  { header: 'Proposals', className: 'whitespace-nowrap', cell: proposalsOf },
  { header: 'Tokens', className: 'text-slate-600', cell: (r) => r.promptTokens + r.completionTokens || '—' },
];

/**
 * The runs table: status filter, pagination, and live status while anything on the page is queued
 * or running. Its filters and position live in the URL (components/ui/use-url-filters.ts): a change
 * is a history entry Back undoes, and a reload or a shared link shows the same list.
 * `initialQuery`: the query string the server rendered `initial` for.
 */
export function RunsList({ initial, initialQuery }: { initial: RunsPage; initialQuery: string }) {
  const { live } = useLiveChannel(['runs'], [RUNS_KEY]);
  const serverList = useServerList({
    key: RUNS_KEY,
    endpoint: '/api/reflection/runs',
    initial,
    initialQuery,
    staleTime: 0,
    refetchInterval: (q) =>
      activeRefetchInterval(live, !!q.state.data?.items.some((r) => isActiveStatus(r.status)), POLL_MS),
  });
  const { params, setParams, list: runs, data, toPage } = serverList;
  const status = params.get('status') ?? undefined;
  const taskId = params.get('taskId');
  return (
    <section aria-labelledby="runs-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="runs-heading" className="text-base font-semibold">
          Runs{taskId ? ' of this task' : ''}
          {taskId ? (
            <TextButton className="ml-2 text-sm font-normal" onClick={() => setParams({ taskId: null })}>
              show all tasks
            </TextButton>
          ) : null}
        </h2>
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => (
            <Button
              key={f.label}
              variant={status === f.value ? 'primary' : 'secondary'}
              aria-pressed={status === f.value}
              onClick={() => setParams({ status: f.value ?? null })}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </div>
      <DataTable
        columns={COLUMNS}
        rows={data?.items}
        rowProps={(r) => ({ 'data-run-id': r.id })}
        error={runs.error}
        loading="Loading runs…"
        empty={unlessPastEnd(
          data,
          <EmptyState title={status || taskId ? 'No run matches this filter' : 'No reflection run yet'}>
            Start one from a task&apos;s contrast page (&ldquo;Run reflection&rdquo;) or for many tasks at once above.
          </EmptyState>,
        )}
      />
      {/* Next/Previous carry a keyset cursor (no OFFSET however deep); a bare ?page=N link still works. */}
      {data ? <Pager of={data} noun="run" onPage={toPage} /> : null}
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

'use client';

import { useLiveChannel } from '@/components/live/use-live-channel';
import type { RunStatus } from '@prisma/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';
import type { RunListItem, RunsPage } from '@/lib/reflection/read-run';
import type { RunsListQuery } from '@/lib/reflection/run-status';
import { formatDuration } from './format';
import { isActiveStatus, ProviderLabel, RunStatusBadge } from './run-status-badge';
import { POLL_MS } from './use-run-summaries';
import { plural } from '@/components/ui/plural';

export const RUNS_KEY = ['reflection', 'runs'];

const FILTERS: { value: RunStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Running' },
  { value: 'SUCCEEDED', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELLED', label: 'Cancelled' },
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
    refetchInterval: (q) => (!live && q.state.data?.items.some((r) => isActiveStatus(r.status)) ? POLL_MS : false),
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
      <ErrorMessage error={runs.error} />
      {!data ? (
        <p className="text-sm text-slate-500">Loading runs…</p>
      ) : data.items.length === 0 ? (
        <EmptyState title={query.status || query.taskId ? 'No run matches this filter' : 'No reflection run yet'}>
          Start one from a task&apos;s contrast page (&ldquo;Run reflection&rdquo;) or for many tasks at once above.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Run</th>
                <th className="px-3 py-2">Provider</th>
                <th className="px-3 py-2">Started</th>
                <th className="px-3 py-2">Duration</th>
                <th className="px-3 py-2">Proposals</th>
                <th className="px-3 py-2">Tokens</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((r) => (
                <RunRow key={r.id} run={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
          {/* Next/Previous carry a keyset cursor (no OFFSET however deep); a bare ?page=N link still works. */}
          <Button variant="secondary" disabled={query.page <= 1} onClick={() => go(query.page - 1 <= 1 ? { ...query, page: 1, after: undefined, before: undefined } : { ...query, page: query.page - 1, after: undefined, before: data.cursors.before ?? undefined })}>Previous</Button>
          <span>
            Page {data.page} of {data.pageCount} · {plural(data.total, 'run')}
          </span>
          <Button variant="secondary" disabled={query.page >= data.pageCount} onClick={() => go({ ...query, page: query.page + 1, after: data.cursors.after ?? undefined, before: undefined })}>Next</Button>
        </nav>
      ) : null}
    </section>
  );
}

function RunRow({ run: r }: { run: RunListItem }) {
  const pending = r.proposals.PENDING ?? 0;
  const total = Object.entries(r.proposals).reduce((n, [status, c]) => (status === 'NOOP' ? n : n + (c ?? 0)), 0);
  return (
    <tr data-run-id={r.id}>
      <td className="px-3 py-2"><RunStatusBadge status={r.status} /></td>
      <td className="px-3 py-2">
        <Link href={`/runs/${r.id}`} className="font-medium text-indigo-700 hover:underline">
          {r.kind === 'FUNCTION_CARDS' ? 'Function cards' : r.kind === 'RECURATE' ? `Re-curation${r.task ? ` · ${r.task.benchmark} · ${r.task.externalId}` : ''}` : r.task ? `${r.task.benchmark} · ${r.task.externalId}` : 'Reflection (task removed)'}
        </Link>
        {r.batchId ? <span className="ml-2 text-xs text-slate-500">batch</span> : null}
        {r.status === 'FAILED' && r.error ? <p className="mt-0.5 max-w-md truncate text-xs text-rose-700" title={r.error}>{r.error}</p> : null}
      </td>
      <td className="px-3 py-2"><ProviderLabel provider={r.provider} model={r.model} /></td>
      <td className="px-3 py-2 text-slate-600">{new Date(r.startedAt ?? r.createdAt).toLocaleString()}</td>
      <td className="px-3 py-2 text-slate-600">{formatDuration(r.startedAt, r.finishedAt)}</td>
      <td className="whitespace-nowrap px-3 py-2">{total ? `${pending} pending / ${total}` : r.status === 'SUCCEEDED' ? 'none' : '—'}</td>
      <td className="px-3 py-2 text-slate-600">{r.promptTokens + r.completionTokens || '—'}</td>
    </tr>
  );
}

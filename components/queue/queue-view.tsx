'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { isTyping } from '@/components/trajectory/use-workspace-keys';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { useServerList } from '@/components/ui/use-server-list';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { searchParamsRecord } from '@/lib/http/pagination';
import { linkProblemsOfApiError } from '@/lib/pages/parse-page-query';
import type { QueueFacets, QueueList } from '@/lib/queue/list-queue';
import type { Progress } from '@/lib/queue/progress';
import { QueueFilters, FILTER_KEYS } from './queue-filters';
import { QueueTable } from './queue-table';
import { useTakeNext } from './use-take-next';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

/** The URL's queue filters, as the API, the workspace links and "take next" take them. */
const filterQueryOf = (params: URLSearchParams) =>
  new URLSearchParams(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))).toString();

/**
 * The API query of the URL: its filters, the page size, and its position. Next/Previous carry a keyset
 * cursor (no OFFSET however deep); a bare ?page=N link still works through OFFSET. The position goes
 * to the API as the URL has it: a malformed one (`page=abc`, `after=garbage`) is refused there by name
 * and shown as a broken link, never quietly read as page 1.
 */
function queueApiQuery(params: URLSearchParams): string {
  const position = new URLSearchParams(
    ['page', 'after', 'before'].flatMap((k) => (params.get(k) !== null ? [[k, params.get(k)!]] : [])),
  ).toString();
  return `${filterQueryOf(params)}&pageSize=25${position ? `&${position}` : ''}`;
}

/** The queue: filters in the URL, counts, one page of items, "take next", per-annotator progress. */
export function QueueView({ facets, isAdmin, meId }: { facets: QueueFacets; isAdmin: boolean; meId: string }) {
  const router = useRouter();
  const qc = useQueryClient();
  const { params, setParams, list, data, toPage } = useServerList<QueueList & { progress: Progress }>({
    key: ['queue'],
    endpoint: '/api/queue',
    apiQuery: queueApiQuery,
    // Claims change the queue all the time ("Take next" here, "Submit & next" in the workspace, other annotators):
    // coming back to the page (Back, a link, the tab shown again) reloads it instead of showing the cached
    // page for the app's usual 15 s (it said "unclaimed" for the item just taken).
    staleTime: 0,
    refetchOnWindowFocus: true,
    // A refused link is an answer, not a hiccup: show it at once (other errors keep the app's one retry).
    retry: (count, error) => !linkProblemsOfApiError(error) && count < 1,
  });
  const filterQuery = filterQueryOf(params);
  const next = useTakeNext(filterQuery, (trajectoryId) => {
    if (trajectoryId) router.push(trajectoryEventHref(trajectoryId, null, { carry: filterQuery }));
    else qc.invalidateQueries({ queryKey: ['queue'] });
  });

  // "n" takes the next item, like the button, unless you are typing in a filter.
  const takeNext = next.mutate;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'n' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        takeNext();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [takeNext]);

  // The page checked the link it was opened with; this is the same check for URL changes in the browser.
  const linkProblems = linkProblemsOfApiError(list.error);
  if (linkProblems) return <InvalidLinkNotice path="/queue" raw={searchParamsRecord(params)} problems={linkProblems} />;

  const nothingNext = next.isSuccess && next.data.trajectoryId === null;
  // A named region: the pager moves the focus here after a step (components/ui/pager.tsx).
  return (
    <section aria-label="Queue" className="space-y-4">
      <div className="flex flex-wrap items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Button onClick={() => next.mutate()} disabled={next.isPending} data-testid="queue-next">
          {next.isPending ? 'Claiming…' : 'Take next item →'}{' '}
          <kbd className="rounded bg-black/20 px-1 font-mono text-[11px]">n</kbd>
        </Button>
        {data ? (
          <dl className="flex flex-wrap gap-6 text-sm tabular-nums" data-testid="queue-progress">
            <Figure label="Done today" value={data.progress.doneToday} />
            <Figure label="Remaining for you" value={data.progress.remaining} />
            <Figure label="You hold" value={data.progress.holding} testId="queue-holding" />
            <Figure label="In queue" value={data.counts.total} testId="queue-total" />
            <Figure label="Checkpoint items" value={data.counts.checkpoint} testId="queue-count-checkpoint" />
            <Figure label="Run-level items" value={data.counts.runLevel} testId="queue-count-run-level" />
            <Figure label="Unclaimed" value={data.counts.unclaimed} />
            <Figure label="Claimed" value={data.counts.claimed} testId="queue-claimed" />
          </dl>
        ) : null}
      </div>
      {params.get('done') || nothingNext ? (
        <p
          role="status"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          Nothing left to claim for these filters. Well done.
        </p>
      ) : null}
      <ErrorMessage error={next.error ?? list.error} />
      <QueueFilters facets={facets} isAdmin={isAdmin} params={params} onChange={setParams} />
      {list.isLoading ? <p className="text-sm text-slate-600">Loading the queue…</p> : null}
      {data && data.items.length === 0
        ? unlessPastEnd(
            data,
            filterQuery ? (
              <EmptyState title="Nothing to diagnose here">
                No failed trajectories awaiting diagnosis match these filters.
              </EmptyState>
            ) : (
              <EmptyState title="Nothing to diagnose">
                Every failed checkpoint, and every failed run without one, has its diagnosis. New imports add to the
                queue.
              </EmptyState>
            ),
          )
        : null}
      {data && data.items.length > 0 ? (
        <QueueTable
          items={data.items}
          isAdmin={isAdmin}
          meId={meId}
          annotators={facets.annotators}
          filterQuery={filterQuery}
          onChanged={() => qc.invalidateQueries({ queryKey: ['queue'] })}
        />
      ) : null}
      {data ? <Pager of={data} noun="item" onPage={toPage} /> : null}
    </section>
  );
}

/** One of the queue's counts in its progress line (`testId` for the figures the e2e specs read). */
function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

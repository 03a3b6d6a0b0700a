'use client';

import Link from 'next/link';
import { CardRecordBadge } from '@/components/compare/card-record-panel';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { pairs, SelectField, type Option } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import { FilterText, filterBinding, selectFilterBinding } from '@/components/ui/filter-controls';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { filtersInForce } from '@/components/ui/url-filter-query';
import { useListKeys } from '@/components/ui/use-list-keys';
import { useServerList } from '@/components/ui/use-server-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { OPERATIONS } from '@/lib/dashboard/operations';
import type { ProposalListItem, ProposalListPage } from '@/lib/review/list-proposals';
import { OPERATION_LABELS, OperationBadge, ProposalFlags } from './proposal-badges';
import { ReviewNotice } from './review-notice';

export const INBOX_KEY = ['reviews', 'inbox'];
/** Polling interval only while the live stream is down (refused, dropped, reconnecting). */
export const FALLBACK_POLL_MS = 15_000;

const INBOX_KEYS: [string, string][] = [
  ['j / k', 'next / previous proposal'],
  ['Enter', 'open the selected proposal'],
  ['?', 'show this help'],
  ['Esc', 'close this help'],
];

const STATUS_OPTIONS: Option[] = [
  ['open', 'Open (pending + invalid)'],
  ['PENDING', 'Pending'],
  ['APPROVED', 'Approved'],
  ['REJECTED', 'Rejected'],
  ['SUPERSEDED', 'Superseded'],
  ['INVALID', 'Invalid'],
  ['all', 'All'],
];
/** A yes/no filter's options: any, then `true` and `false` with their labels. */
const eitherWay = (yes: string, no: string): Option[] => [
  ['', 'Any'],
  ['true', yes],
  ['false', no],
];
// NOOP proposals are not reviewed as changes: the filter offers the four that change the bank.
const CHANGE_OPERATIONS = OPERATIONS.filter((op) => op !== 'NOOP');

const COLUMNS: ColumnDef<ProposalListItem>[] = [
  { header: 'Operation', className: 'whitespace-nowrap', cell: (p) => <OperationBadge operation={p.operation} /> },
  {
    header: 'Card',
    className: 'max-w-xs xl:max-w-md',
    cell: (p) => (
      <>
        <Link href={`/reviews/${p.id}`} className="font-medium text-indigo-700 hover:underline">
          <UntrustedText text={p.title ?? '(untitled card)'} />
        </Link>
        {/* The reason and the card keys come from the model: untrusted text, one line with the whole in the tooltip. */}
        <p className="text-xs text-slate-600">
          <UntrustedText
            text={`${p.operation === 'ADD_CARD' ? 'new card' : p.targets.map((t) => t.key).join(' + ') || (p.targets.find((t) => t.primary) ?? p.targets[0])?.key} · ${p.reason}`}
            clip
          />
        </p>
        {p.record ? <CardRecordBadge record={p.record} /> : null}
      </>
    ),
  },
  {
    header: 'Bank',
    className: 'whitespace-nowrap text-slate-600',
    cell: (p) =>
      p.cardKind === 'FUNCTION' ? (
        'functions (global)'
      ) : (
        <UntrustedText text={p.ability ?? 'unlabelled'} clip="max-w-[10rem]" />
      ),
  },
  {
    header: 'Task',
    className: 'whitespace-nowrap text-slate-600',
    cell: (p) =>
      p.task ? <UntrustedText text={`${p.task.benchmark} · ${p.task.externalId}`} clip="max-w-[14rem]" /> : '—',
  },
  {
    header: 'Flags',
    className: 'space-x-1 whitespace-nowrap',
    cell: (p) => (
      <ProposalFlags status={p.status} showStatus={p.status !== 'PENDING'} stale={p.stale} valid={p.valid} />
    ),
  },
  {
    header: 'Proposed',
    className: 'whitespace-nowrap text-slate-600',
    cell: (p) => new Date(p.createdAt).toLocaleString(),
  },
];

/**
 * The review inbox: newest first, facet counts, paging, j/k/Enter. Filters and position live in the
 * URL (components/ui/use-url-filters.ts): a change is a history entry Back undoes, and a reload or a
 * shared link shows the same list. `initialQuery`: the query string the server rendered `initial` for.
 */
export function ReviewInbox({ initial, initialQuery }: { initial: ProposalListPage; initialQuery: string }) {
  const router = useRouter();
  const [help, setHelp] = useState(false);
  // Pushed from PostgreSQL (the Proposal trigger → NOTIFY → /api/live), on any replica; polls only while the stream is down.
  const { live } = useLiveChannel(['proposals'], [INBOX_KEY]);
  const serverList = useServerList({
    key: INBOX_KEY,
    endpoint: '/api/proposals',
    initial,
    initialQuery,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const { params, setParams, list, data, value: v, toPage } = serverList;
  const items = useMemo(() => data?.items ?? [], [data]);
  const open = useCallback((i: number) => items[i] && router.push(`/reviews/${items[i].id}`), [items, router]);
  const [selected, setSelected] = useListKeys(
    items.length,
    open,
    useCallback(() => setHelp(true), []),
  );

  const counts = data?.counts;
  /** A facet count after an option's label, once the counts are in: "Skill (12)". */
  const n = (pick: (c: NonNullable<typeof counts>) => number | undefined) => (counts ? ` (${pick(counts) ?? 0})` : '');
  const filtered = filtersInForce(params, { status: 'open' });
  const bind = filterBinding(params, setParams);
  const select = selectFilterBinding(params, setParams);

  return (
    <section aria-label="Review inbox" data-live={live} className="space-y-4">
      {/* "& next" with nothing left to review lands here: say what was just done. */}
      <ReviewNotice />
      <FilterBar asDiv className="sm:grid-cols-4 2xl:grid-cols-8">
        <SelectField label="Status" {...select('status')} value={v('status') || 'open'} options={STATUS_OPTIONS} />
        <SelectField
          label="Card kind"
          {...select('kind')}
          options={[
            ['', `Any${n((c) => (c.byKind.SKILL ?? 0) + (c.byKind.FUNCTION ?? 0))}`],
            ['SKILL', `Skill${n((c) => c.byKind.SKILL)}`],
            ['FUNCTION', `Function${n((c) => c.byKind.FUNCTION)}`],
          ]}
        />
        <SelectField
          label="Ability bank"
          {...select('ability')}
          options={[['', 'Any'], ...pairs(data?.abilities ?? [])]}
        />
        <SelectField
          label="Operation"
          {...select('operation')}
          options={[
            ['', 'Any'],
            ...CHANGE_OPERATIONS.map((op): Option => [op, `${OPERATION_LABELS[op]}${n((c) => c.byOperation[op])}`]),
          ]}
        />
        <SelectField
          label="Validity"
          {...select('valid')}
          options={eitherWay(`Valid${n((c) => c.valid)}`, `Invalid${n((c) => c.invalid)}`)}
        />
        <SelectField
          label="Staleness"
          {...select('stale')}
          options={eitherWay(`Stale${n((c) => c.stale)}`, `Current${n((c) => c.current)}`)}
        />
        <FilterText label="Task" {...bind('taskId')} placeholder="airline/16 or id" />
        <FilterText label="Run" {...bind('runId')} placeholder="run id" />
      </FilterBar>
      <DataTable
        columns={COLUMNS}
        rows={data?.items}
        rowProps={(p) => ({ 'data-proposal-id': p.id })}
        selection={{ index: selected, onSelect: setSelected }}
        error={list.error}
        loading="Loading proposals…"
        empty={unlessPastEnd(
          data,
          <EmptyState title={filtered ? 'No proposal matches these filters' : 'Nothing waits for review'}>
            {filtered
              ? 'Clear a filter to see more.'
              : 'Proposals appear here when a reflection run proposes card edits (Tasks → Run reflection, or Runs).'}
          </EmptyState>,
        )}
      />
      {data ? <Pager of={data} noun="proposal" onPage={toPage} /> : null}
      <p className="text-xs text-slate-600">
        <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move ·{' '}
        <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">?</kbd> all keys
      </p>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={INBOX_KEYS} />
    </section>
  );
}

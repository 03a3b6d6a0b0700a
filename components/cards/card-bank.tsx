'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { pairs, SelectField, type Option } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import { FilterText, filterBinding, selectFilterBinding } from '@/components/ui/filter-controls';
import { CardSearchFilters } from './card-filters';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { filtersInForce } from '@/components/ui/url-filter-query';
import { useListKeys } from '@/components/ui/use-list-keys';
import { useServerList } from '@/components/ui/use-server-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { BankSummary, CardListItem } from '@/lib/cards/list-cards';
import type { Page } from '@/lib/http/pagination';

type BankPage = Page<CardListItem> & { banks: BankSummary[] };

const KEYS: [string, string][] = [
  ['j / k', 'next / previous card'],
  ['Enter', 'open the selected card'],
  ['?', 'show this help'],
];

export const cardHref = (key: string) => `/cards/${encodeURIComponent(key)}`;

const STATUS_OPTIONS: Option[] = [
  ['ACTIVE', 'Active'],
  ['RETIRED', 'Retired'],
  ['MERGED', 'Merged'],
  ['all', 'All'],
];
const SORT_OPTIONS: Option[] = [
  ['updated', 'Recently changed'],
  ['title', 'Title'],
  ['key', 'Key'],
  ['size', 'Size'],
  ['helped', 'Most helped'],
  ['hurt', 'Most hurt'],
];
const RECORD_OPTIONS: Option[] = [
  ['', 'Any'],
  ['hurt-more', 'Hurt more than helped'],
];

/**
 * Helped / hurt: flips of the tasks a card was injected into (fail→pass / pass→fail against the round
 * before). The header sorts by the column, most first; the card page lists the pairs behind the counts.
 */
function recordColumn(kind: 'helped' | 'hurt', sort: string, onSort: (sort: string) => void): ColumnDef<CardListItem> {
  const label = kind === 'helped' ? 'Helped' : 'Hurt';
  const active = sort === kind;
  return {
    id: kind,
    numeric: true,
    header: (
      <button
        type="button"
        onClick={() => onSort(kind)}
        aria-pressed={active}
        title={
          kind === 'helped'
            ? 'fail→pass flips where the card was injected'
            : 'pass→fail flips where the card was injected'
        }
        className={`uppercase hover:underline ${active ? 'text-indigo-700' : ''}`}
      >
        {label}
        {active ? ' ↓' : ''}
      </button>
    ),
    cell: (c) => (
      <span
        data-testid={`card-${kind}`}
        className={kind === 'hurt' && c.hurt > c.helped ? 'font-medium text-rose-700' : ''}
      >
        {c[kind]}
      </span>
    ),
  };
}

const COLUMNS: ColumnDef<CardListItem>[] = [
  {
    header: 'Card',
    className: 'max-w-md',
    cell: (c) => (
      <>
        {/* Titles, keys, abilities, apps and tags come from the model or an import: untrusted text. */}
        <Link href={cardHref(c.key)} className="font-medium text-indigo-700 hover:underline">
          <UntrustedText text={c.title || c.key} />
        </Link>
        <p className="font-mono text-xs text-slate-600">
          <UntrustedText text={c.key} clip />
        </p>
      </>
    ),
  },
  {
    header: 'Bank',
    className: 'whitespace-nowrap text-slate-600',
    cell: (c) =>
      c.kind === 'FUNCTION' ? 'functions' : <UntrustedText text={c.ability ?? 'unlabelled'} clip="max-w-[10rem]" />,
  },
  {
    header: 'Apps · tags',
    className: 'text-xs text-slate-600',
    cell: (c) => <UntrustedText text={[...c.apps, ...c.tags.map((t) => `#${t}`)].join(' ')} />,
  },
  { header: 'Version', cell: (c) => `v${c.version ?? '—'}` },
  { header: 'Status', className: 'text-xs', cell: (c) => c.status.toLowerCase() },
  {
    header: 'Size',
    className: 'whitespace-nowrap text-slate-600',
    cell: (c) => `${(c.sizeBytes / 1024).toFixed(1)} KB`,
  },
  {
    header: 'Changed',
    className: 'whitespace-nowrap text-slate-600',
    cell: (c) => new Date(c.updatedAt).toLocaleDateString(),
  },
];

/**
 * The bank browser: one tile per bank (cards, KB), filters, search, sort, paging, j/k/Enter.
 * Filters and page live in the URL (components/ui/use-url-filters.ts): a change is a history entry
 * Back undoes, and a reload or a shared link shows the same list.
 * `initialQuery`: the query string the server rendered `initial` for.
 */
export function CardBank({ initial, initialQuery }: { initial: BankPage; initialQuery: string }) {
  const router = useRouter();
  const serverList = useServerList({ key: ['cards', 'bank'], endpoint: '/api/cards', initial, initialQuery });
  const { params, setParams, list, data, value: v, toPage } = serverList;
  const [help, setHelp] = useState(false);
  const items = useMemo(() => data?.items ?? [], [data]);
  const [selected, setSelected] = useListKeys(
    items.length,
    useCallback((i: number) => items[i] && router.push(cardHref(items[i].key)), [items, router]),
    useCallback(() => setHelp(true), []),
  );

  const columns = useMemo(() => {
    const sort = params.get('sort') ?? 'updated';
    const onSort = (next: string) => setParams({ sort: next });
    // After Size: the record reads beside the other per-card figures.
    const at = COLUMNS.findIndex((c) => c.header === 'Size') + 1;
    return [
      ...COLUMNS.slice(0, at),
      recordColumn('helped', sort, onSort),
      recordColumn('hurt', sort, onSort),
      ...COLUMNS.slice(at),
    ];
  }, [params, setParams]);

  const abilities = [...new Set((data?.banks ?? []).map((b) => b.ability).filter((a): a is string => Boolean(a)))];

  const bind = filterBinding(params, setParams);
  const select = selectFilterBinding(params, setParams);
  return (
    <section aria-label="Card bank" className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label="Banks">
        {(data?.banks ?? []).map((b) => {
          const active =
            b.kind === 'FUNCTION'
              ? v('kind') === 'FUNCTION'
              : b.ability !== null && v('ability') === b.ability && v('kind') === 'SKILL';
          return (
            <li key={`${b.kind}:${b.ability}`}>
              <button
                type="button"
                data-testid="bank-tile"
                aria-pressed={active}
                onClick={() =>
                  setParams(
                    b.kind === 'FUNCTION' ? { kind: 'FUNCTION', ability: null } : { kind: 'SKILL', ability: b.ability },
                  )
                }
                className={`rounded-lg px-3 py-2 text-left text-sm shadow-sm ring-1 ${active ? 'bg-indigo-50 ring-indigo-400' : 'bg-white ring-slate-200 hover:bg-slate-50'}`}
              >
                <span className="block font-medium">
                  {b.kind === 'FUNCTION' ? (
                    'Function cards (global)'
                  ) : (
                    <UntrustedText text={`Skills · ${b.ability ?? 'unlabelled'}`} />
                  )}
                </span>
                <span className="text-xs text-slate-600">
                  {b.cards} active · {b.sizeKb} KB
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <FilterBar asDiv className="sm:grid-cols-4 lg:grid-cols-8">
        <CardSearchFilters searchLabel="Search" shortcut params={params} onChange={setParams} />
        <SelectField label="Ability" {...select('ability')} options={[['', 'Any'], ...pairs(abilities)]} />
        <FilterText label="App" {...bind('app')} />
        <FilterText label="Tag" {...bind('tag')} />
        <SelectField label="Status" {...select('status')} value={v('status') || 'ACTIVE'} options={STATUS_OPTIONS} />
        <SelectField label="Sort" {...select('sort')} value={v('sort') || 'updated'} options={SORT_OPTIONS} />
        <SelectField label="Record" {...select('record')} options={RECORD_OPTIONS} />
      </FilterBar>
      <DataTable
        columns={columns}
        rows={data?.items}
        rowProps={(c) => ({ 'data-card-key': c.key })}
        selection={{ index: selected, onSelect: setSelected }}
        error={list.error}
        loading="Loading cards…"
        empty={unlessPastEnd(
          data,
          filtersInForce(params, { status: 'ACTIVE', sort: null }) ? (
            <EmptyState title="No card matches">Try another filter, or clear the search.</EmptyState>
          ) : (
            <EmptyState title="No cards yet">Approved proposals become cards here (Reviews).</EmptyState>
          ),
        )}
      />
      {data ? <Pager of={data} noun="card" onPage={toPage} /> : null}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={KEYS} />
    </section>
  );
}

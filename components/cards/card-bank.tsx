'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { pairs, SelectField, type Option } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import { FilterText } from '@/components/ui/filter-controls';
import { Pager } from '@/components/ui/pager';
import { useListKeys } from '@/components/ui/use-list-keys';
import type { BankSummary, CardListItem } from '@/lib/cards/list-cards';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';

type BankPage = Page<CardListItem> & { banks: BankSummary[] };
export type BankQuery = Record<string, string>;

const KEYS: [string, string][] = [
  ['j / k', 'next / previous card'],
  ['Enter', 'open the selected card'],
  ['?', 'show this help'],
];

function toSearch(q: BankQuery): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v && !(k === 'page' && v === '1')) qs.set(k, v);
  return qs.toString();
}

export const cardHref = (key: string) => `/cards/${encodeURIComponent(key)}`;

const KIND_OPTIONS: Option[] = [['', 'Any'], ['SKILL', 'Skill'], ['FUNCTION', 'Function']];
const STATUS_OPTIONS: Option[] = [['ACTIVE', 'Active'], ['RETIRED', 'Retired'], ['MERGED', 'Merged'], ['all', 'All']];
const SORT_OPTIONS: Option[] = [['updated', 'Recently changed'], ['title', 'Title'], ['key', 'Key'], ['size', 'Size']];

const COLUMNS: ColumnDef<CardListItem>[] = [
  {
    header: 'Card',
    className: 'max-w-md',
    cell: (c) => (
      <>
        <Link href={cardHref(c.key)} className="font-medium text-indigo-700 hover:underline">{c.title || c.key}</Link>
        <p className="truncate font-mono text-xs text-slate-500">{c.key}</p>
      </>
    ),
  },
  { header: 'Bank', className: 'whitespace-nowrap text-slate-600', cell: (c) => (c.kind === 'FUNCTION' ? 'functions' : (c.ability ?? 'unlabelled')) },
  { header: 'Apps · tags', className: 'text-xs text-slate-600', cell: (c) => [...c.apps, ...c.tags.map((t) => `#${t}`)].join(' ') },
  { header: 'Version', cell: (c) => `v${c.version ?? '—'}` },
  { header: 'Status', className: 'text-xs', cell: (c) => c.status.toLowerCase() },
  { header: 'Size', className: 'whitespace-nowrap text-slate-600', cell: (c) => `${(c.sizeBytes / 1024).toFixed(1)} KB` },
  { header: 'Changed', className: 'whitespace-nowrap text-slate-600', cell: (c) => new Date(c.updatedAt).toLocaleDateString() },
];

/** The bank browser: one tile per bank (cards, KB), filters, search, sort, paging, j/k/Enter. */
export function CardBank({ initial, initialQuery }: { initial: BankPage; initialQuery: BankQuery }) {
  const router = useRouter();
  const [query, setQuery] = useState<BankQuery>(initialQuery);
  const [help, setHelp] = useState(false);
  const list = useQuery({
    queryKey: ['cards', 'bank', query],
    queryFn: () => apiFetch<BankPage>(`/api/cards?${toSearch(query)}`),
    initialData: toSearch(query) === toSearch(initialQuery) ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const [selected, setSelected] = useListKeys(items.length, useCallback((i: number) => items[i] && router.push(cardHref(items[i].key)), [items, router]), useCallback(() => setHelp(true), []));

  function set(patch: BankQuery) {
    const next = { ...query, ...patch, page: patch.page ?? '1' };
    setQuery(next);
    const qs = toSearch(next);
    window.history.replaceState(null, '', qs ? `/cards?${qs}` : '/cards');
  }
  const abilities = [...new Set((data?.banks ?? []).map((b) => b.ability).filter((a): a is string => Boolean(a)))];

  return (
    <section aria-label="Card bank" className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label="Banks">
        {(data?.banks ?? []).map((b) => {
          const active = (b.kind === 'FUNCTION' ? query.kind === 'FUNCTION' : query.ability === b.ability && query.kind === 'SKILL');
          return (
            <li key={`${b.kind}:${b.ability}`}>
              <button
                type="button"
                data-testid="bank-tile"
                aria-pressed={active}
                onClick={() => set(b.kind === 'FUNCTION' ? { kind: 'FUNCTION', ability: '' } : { kind: 'SKILL', ability: b.ability ?? '' })}
                className={`rounded-lg px-3 py-2 text-left text-sm shadow-sm ring-1 ${active ? 'bg-indigo-50 ring-indigo-400' : 'bg-white ring-slate-200 hover:bg-slate-50'}`}
              >
                <span className="block font-medium">{b.kind === 'FUNCTION' ? 'Function cards (global)' : `Skills · ${b.ability ?? 'unlabelled'}`}</span>
                <span className="text-xs text-slate-500">{b.cards} active · {b.sizeKb} KB</span>
              </button>
            </li>
          );
        })}
      </ul>
      <FilterBar asDiv className="sm:grid-cols-4 lg:grid-cols-7">
        <FilterText label="Search" type="search" data-search placeholder="title or key" value={query.q ?? ''} onChange={(v) => set({ q: v })} />
        <SelectField label="Kind" value={query.kind ?? ''} onChange={(e) => set({ kind: e.target.value })} options={KIND_OPTIONS} />
        <SelectField label="Ability" value={query.ability ?? ''} onChange={(e) => set({ ability: e.target.value })} options={[['', 'Any'], ...pairs(abilities)]} />
        <FilterText label="App" value={query.app ?? ''} onChange={(v) => set({ app: v })} />
        <FilterText label="Tag" value={query.tag ?? ''} onChange={(v) => set({ tag: v })} />
        <SelectField label="Status" value={query.status ?? 'ACTIVE'} onChange={(e) => set({ status: e.target.value })} options={STATUS_OPTIONS} />
        <SelectField label="Sort" value={query.sort ?? 'updated'} onChange={(e) => set({ sort: e.target.value })} options={SORT_OPTIONS} />
      </FilterBar>
      <DataTable columns={COLUMNS} rows={data?.items} rowProps={(c) => ({ 'data-card-key': c.key })} selection={{ index: selected, onSelect: setSelected }} error={list.error} loading="Loading cards…"
        empty={<EmptyState title="No card matches">Approved proposals become cards here; try another filter.</EmptyState>}
      />
      {data ? <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="card" onPage={(page) => set({ page: String(page) })} /> : null}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={KEYS} />
    </section>
  );
}


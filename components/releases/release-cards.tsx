'use client';

import Link from 'next/link';
import { cardHref } from '@/components/cards/card-bank';
import { CardSearchFilters } from '@/components/cards/card-filters';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { FilterBar } from '@/components/ui/filter-bar';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { useServerList } from '@/components/ui/use-server-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { Page } from '@/lib/http/pagination';
import type { ReleaseCardRow } from '@/lib/releases/read-release';

// Titles, keys, banks and apps come from the model or an import: untrusted text.
const COLUMNS: ColumnDef<ReleaseCardRow>[] = [
  {
    header: 'Card',
    className: 'max-w-md',
    cell: (c) => (
      <>
        <Link className="font-medium text-indigo-700 hover:underline" href={cardHref(c.key)}>
          <UntrustedText text={c.title} />
        </Link>
        <span className="block font-mono text-xs text-slate-600">
          <UntrustedText text={c.key} clip />
        </span>
      </>
    ),
  },
  { header: 'Kind', className: 'text-slate-600', cell: (c) => c.kind.toLowerCase() },
  {
    header: 'Bank',
    className: 'text-slate-600',
    cell: (c) => (c.ability ? <UntrustedText text={c.ability} clip="max-w-[10rem]" /> : '—'),
  },
  { header: 'Apps', className: 'text-slate-600', cell: (c) => <UntrustedText text={c.apps.join(', ')} /> },
  { header: 'Version', numeric: true, cell: (c) => `v${c.version}` },
];

/**
 * The release's cards, a page at a time (a release holds the whole bank: thousands of cards),
 * searched by title or key. Search and page live in the URL like every list's filters.
 * `initialQuery`: the query string the server rendered `initial` for.
 */
export function ReleaseCards({
  name,
  initial,
  initialQuery,
}: {
  name: string;
  initial: Page<ReleaseCardRow>;
  initialQuery: string;
}) {
  const serverList = useServerList({
    key: ['releases', name, 'cards'],
    endpoint: `/api/releases/${encodeURIComponent(name)}/cards`,
    initial,
    initialQuery,
    // A release never changes: a page once loaded stays right.
    staleTime: Infinity,
  });
  const { params, setParams, list, data, toPage } = serverList;
  // A named region: the pager moves the focus here after a step (components/ui/pager.tsx).
  return (
    <section aria-label="Cards of this release" className="space-y-3">
      <FilterBar asDiv className="sm:grid-cols-3">
        <CardSearchFilters searchLabel="Search cards" params={params} onChange={setParams} />
      </FilterBar>
      <DataTable
        label="Release cards"
        columns={COLUMNS}
        rows={data?.items}
        rowKey={(c) => c.versionId}
        density="compact"
        error={list.error}
        loading="Loading cards…"
        // A release is never empty (a freeze refuses an empty bank): no rows is a search that matches nothing.
        empty={unlessPastEnd(
          data,
          <EmptyState title="No card matches">This release has no card with that title, key or kind.</EmptyState>,
        )}
      />
      {data ? <Pager of={data} noun="card" onPage={toPage} /> : null}
    </section>
  );
}

import type { Page } from '@/lib/http/pagination';
import { isPastEnd } from '@/lib/http/pagination';
import { DataTable, type DataTableProps } from './data-table';
import { LinkPager } from './link-pager';
import { numberedPageHrefs, type PagerHrefs } from './link-pager-hrefs';
import type { Noun } from '@/lib/text/plural';

type Props<R> = Omit<DataTableProps<R>, 'rows' | 'groups' | 'rowKey'> & {
  page: Page<R>;
  /** The page's own query parameters: the pager's numbered links keep them. */
  params?: Record<string, string>;
  /**
   * The pager: its accessible name, the noun it counts, and its links: numbered pages of the list at
   * `path`, or the `hrefs` a keyset-paged list builds with its cursors (tasks).
   */
  pager: { label: string; noun: Noun } & ({ path: string } | { hrefs: PagerHrefs });
  rowKey?: (row: R, index: number) => string;
};

/**
 * One page of a server-paged list (tasks, audit log, dashboard drill-downs) with "N items · page x of y" links under it.
 * A page past the end shows the pager's notice (and the way to the last page) instead of the list's `empty`.
 */
export function LinkPagedTable<R extends { id: string }>({
  page,
  params = {},
  pager,
  rowKey = (r) => r.id,
  empty,
  ...table
}: Props<R>) {
  const pastEnd = isPastEnd(page);
  // A named region: where the focus goes after a step (link-pager.tsx).
  return (
    <section aria-label={table.label ?? pager.label}>
      <DataTable {...table} rows={page.items} rowKey={rowKey} empty={pastEnd ? null : empty} />
      {page.items.length || pastEnd ? (
        <LinkPager
          label={pager.label}
          noun={pager.noun}
          position={page}
          shown={page.items.length}
          hrefs={'hrefs' in pager ? pager.hrefs : numberedPageHrefs(pager.path, params, page)}
        />
      ) : null}
    </section>
  );
}

import type { Page } from '@/lib/http/pagination';
import { DataTable, type DataTableProps } from './data-table';
import { LinkPager } from './link-pager';
import type { Noun } from '@/lib/text/plural';

type Props<R> = Omit<DataTableProps<R>, 'rows' | 'groups' | 'rowKey'> & {
  page: Page<R>;
  /** The page's own query parameters: the pager's links keep them. */
  params: Record<string, string>;
  /** The pager: its accessible name, the noun it counts, the list's path. */
  pager: { label: string; noun: Noun; path: string };
  rowKey?: (row: R, index: number) => string;
};

/** One page of a server-paged list (audit log, dashboard drill-downs) with "N items · page x of y" links under it. */
export function LinkPagedTable<R extends { id: string }>({ page, params, pager, rowKey = (r) => r.id, ...table }: Props<R>) {
  return (
    <div>
      <DataTable {...table} rows={page.items} rowKey={rowKey} />
      {page.items.length ? <LinkPager {...pager} total={page.total} page={page.page} pageCount={page.pageCount} params={params} /> : null}
    </div>
  );
}

import type { Page } from '@/lib/http/pagination';
import { DataTable, type DataTableProps } from './data-table';
import { LinkPager } from './link-pager';
import type { Noun } from './plural';

type Props<R> = Omit<DataTableProps<R>, 'rows' | 'groups' | 'rowKey'> & {
  page: Page<R>;
  /** The page's own query parameters: the pager's links keep them. */
  params: Record<string, string>;
  path: string;
  pagerLabel: string;
  noun: Noun;
  rowKey?: (row: R, index: number) => string;
};

/** One page of a server-paged list (audit log, dashboard drill-downs) with "N items · page x of y" links under it. */
export function LinkPagedTable<R extends { id: string }>({ page, params, path, pagerLabel, noun, rowKey = (r) => r.id, ...table }: Props<R>) {
  return (
    <div>
      <DataTable {...table} rows={page.items} rowKey={rowKey} />
      {page.items.length ? <LinkPager label={pagerLabel} noun={noun} total={page.total} page={page.page} pageCount={page.pageCount} path={path} params={params} /> : null}
    </div>
  );
}

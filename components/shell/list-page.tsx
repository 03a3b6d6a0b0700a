import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { PageHeader } from '@/components/ui/page-header';
import { openListPage, type ListPageLoad, type OpenedListPage } from '@/lib/pages/open-list-page';
import type { ListPageProps } from '@/lib/pages/page-props';
import { InvalidLinkNotice } from './invalid-link-notice';

type Opened<S extends z.ZodType, T> = Extract<OpenedListPage<S, T>, { ok: true }>;

/**
 * A list page (`export default listPage({...})` in its page.tsx): the permission, the link checked with
 * the list's schemas and the first data loaded (openListPage), then the header and what `render` makes
 * of the data. A link the list's API would refuse shows InvalidLinkNotice at `path` instead, inside the
 * console. The route file keeps only what differs: its permission, schemas, loader, header and body.
 */
export function listPage<S extends z.ZodType, T>({
  path,
  title,
  description,
  render,
  ...load
}: ListPageLoad<S, T> & {
  path: string;
  /** The page header; a page whose header depends on its data (the dashboard drill-downs) leaves it out and renders its own. */
  title?: string;
  description?: ReactNode;
  render: (data: T, page: Opened<S, T>) => ReactNode;
}) {
  return async function ListPage({ searchParams }: ListPageProps) {
    const page = await openListPage(load, searchParams);
    if (!page.ok) return <InvalidLinkNotice path={path} raw={page.raw} problems={page.problems} />;
    return (
      <>
        {title && <PageHeader title={title} description={description} />}
        {render(page.data, page)}
      </>
    );
  };
}

/**
 * A client list that reads its filters from the URL (useServerList): given the first page and told which
 * query string that page answers, so it does not fetch it again. In Suspense, as useSearchParams wants.
 */
export function UrlList<T>({
  list: List,
  initial,
  raw,
}: {
  list: ComponentType<{ initial: T; initialQuery: string }>;
  initial: T;
  raw: Record<string, string>;
}) {
  return (
    <Suspense>
      <List initial={initial} initialQuery={new URLSearchParams(raw).toString()} />
    </Suspense>
  );
}

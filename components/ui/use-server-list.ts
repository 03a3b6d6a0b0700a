'use client';

import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import { pageChange, type ListPosition } from './url-filter-query';
import { useUrlFilters } from './use-url-filters';

/** What a list may add to its query (live polling, stale time, retry); the rest is this hook's. */
type QueryExtras<T> = Omit<
  UseQueryOptions<T, Error, T, QueryKey>,
  'queryKey' | 'queryFn' | 'initialData' | 'placeholderData'
>;

export type ServerListOptions<T> = QueryExtras<T> & {
  /** The list's query key; the API query is appended, so invalidating `key` reloads every page of it. */
  key: QueryKey;
  /** The API path the list's pages come from (`/api/cards`); the API query follows a `?`. */
  endpoint: string;
  /** The page the server rendered, and the API query it rendered it for: shown without a fetch while the URL asks for it. */
  initial?: T;
  initialQuery?: string;
  /** The API query a URL asks for; by default the URL's own query string. */
  apiQuery?: (params: URLSearchParams) => string;
};

/**
 * A client-paged list whose filters and position live in the URL (use-url-filters.ts): the page
 * the server rendered first, then a fetch per URL change, the rows on screen kept while the next
 * page loads (the pager keeps the focus and nothing jumps). `toPage` is the pager's step.
 */
export function useServerList<T extends ListPosition>({
  key,
  endpoint,
  initial,
  initialQuery,
  apiQuery = (params) => params.toString(),
  ...extras
}: ServerListOptions<T>) {
  const { params, setParams } = useUrlFilters();
  const query = apiQuery(params);
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: () => apiFetch<T>(`${endpoint}?${query}`),
    initialData: initial !== undefined && query === initialQuery ? initial : undefined,
    placeholderData: keepPreviousData,
    ...extras,
  });
  const data = list.data;
  return {
    params,
    setParams,
    list,
    data,
    /** A URL parameter's value, "" when absent (what a filter control shows). */
    value: (name: string) => params.get(name) ?? '',
    toPage: (page: number) => {
      if (data) setParams(pageChange(page, data), { keepPage: true });
    },
  };
}

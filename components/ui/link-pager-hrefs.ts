import type { PagerPosition } from './pager-past-end';

/** The links of a link pager: the pages either side (null at an end) and the last page (offered past the end). */
export type PagerHrefs = { previous: string | null; next: string | null; last: string };

/**
 * The pager links of a numbered list at `path`: its own query parameters kept, the page changed
 * (page 1 needs none). Lists with a keyset cursor build theirs with the cursor (task-table.tsx).
 */
export function numberedPageHrefs(
  path: string,
  params: Record<string, string>,
  { page, pageCount }: Pick<PagerPosition, 'page' | 'pageCount'>,
): PagerHrefs {
  const href = (p: number) => {
    const query = new URLSearchParams(params);
    if (p > 1) query.set('page', String(p));
    else query.delete('page');
    return query.size ? `${path}?${query}` : path;
  };
  return {
    previous: page > 1 ? href(Math.min(page, pageCount + 1) - 1) : null,
    next: page < pageCount ? href(page + 1) : null,
    last: href(pageCount),
  };
}

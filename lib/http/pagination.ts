import { z } from 'zod';

/**
 * The highest page number a list accepts. Past it the row offset (page × up to
 * 200) no longer fits the database's integer (`?page=99999999999` was a 500);
 * a million pages is far beyond any list here, so a bigger number is a broken
 * link, refused by name (400), not a page past the end.
 */
export const MAX_PAGE = 1_000_000;

/** A 1-based page number from a query string (`page`, `errorsPage`). */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** Shared list paging: `?page=1&pageSize=50`, 1-based, capped. */
export const pageQuerySchema = z.object({
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

export function toPrismaPage(q: PageQuery): { skip: number; take: number } {
  return { skip: (q.page - 1) * q.pageSize, take: q.pageSize };
}

export function pageOf<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)) };
}

/**
 * A page with no rows of a list that has some: a link to a page past the end
 * (an old link, a list that got shorter) or a stale cursor. Not "no match":
 * the list says where its rows are instead (components/ui/pager.tsx).
 */
export function isPastEnd(page: Pick<Page<unknown>, 'items' | 'total'>): boolean {
  return page.items.length === 0 && page.total > 0;
}

/** Parses URLSearchParams (or a Next searchParams object) into a plain record for zod. */
export function searchParamsRecord(params: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    params.forEach((v, k) => (out[k] = v));
  } else {
    for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

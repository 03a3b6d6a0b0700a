import { z } from 'zod';

/**
 * The highest page number a list accepts. Past it the row offset (page × up to
 * 200) no longer fits the database's integer (`?page=99999999999` would fail in the database);
 * a million pages is far beyond any list here, so a bigger number is a broken
 * link, refused by name (400), not a page past the end.
 */
export const MAX_PAGE = 1_000_000;

/** What a refused page number was, as its message quotes it: a number as is, any other text in quotes. */
const quoted = (input: unknown) => (typeof input === 'number' ? String(input) : JSON.stringify(input));

/**
 * A 1-based page number from a query string, under the parameter `name` (`page`, `errorsPage`).
 * Refused in one sentence naming the parameter, the range and what came ("page must be a whole
 * number from 1 to 1,000,000 (got 1.5)"), like the API's other messages, not in the schema
 * library's "Too big: expected number to be <=1000000". Empty (`?page=`: a form with the field
 * cleared, a link built with an empty value) is the first page, as an empty filter is no filter.
 */
export function pageParam(name: string) {
  const refused = (issue: { input?: unknown }) =>
    `${name} must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')} (got ${quoted(issue.input)})`;
  return z.preprocess(
    // Text that reads as a number becomes one; other text stays text, so the message quotes what was sent.
    (v) => (typeof v !== 'string' ? v : v.trim() === '' ? undefined : Number.isNaN(Number(v)) ? v : Number(v)),
    z
      .number({ error: refused })
      .int({ error: refused })
      .min(1, { error: refused })
      .max(MAX_PAGE, { error: refused })
      .default(1),
  );
}

/** The `page` parameter of a list (pageParam). */
export const pageNumber = pageParam('page');

/** Shared list paging: `?page=1&pageSize=50`, 1-based, capped. */
export const pageQuerySchema = z.object({
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `estimated`: the total (and so the page count) is the planner's estimate, shown as "about N" (lib/db/row-estimate.ts). */
export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  estimated?: boolean;
};

export function toPrismaPage(q: PageQuery): { skip: number; take: number } {
  return { skip: (q.page - 1) * q.pageSize, take: q.pageSize };
}

/** How many pages `total` rows make: at least 1 (an empty list is one empty page). */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export function pageOf<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, pageSize: q.pageSize, pageCount: pageCountOf(total, q.pageSize) };
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
export function searchParamsRecord(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    params.forEach((v, k) => (out[k] = v));
  } else {
    for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

/** A list's URL query after a change of its filters or page (pure, so the rules are tested without a browser). */

/** What a list's URL change asks for: the values to set (null or "" removes one) and whether it keeps the page. */
export type FilterChange = { patch: Record<string, string | null>; keepPage?: boolean };

/** The list position; it belongs to one filtered list, so a filter change drops it (page 1). */
const POSITION_KEYS = ['page', 'after', 'before'];

/**
 * The query string `base` becomes after `change`. "done" (the queue's "nothing left" note)
 * describes the list it came with and goes with any change.
 */
export function patchedQuery(base: string, { patch, keepPage = false }: FilterChange): string {
  const sp = new URLSearchParams(base);
  for (const [k, v] of Object.entries(patch)) {
    if (v) sp.set(k, v);
    else sp.delete(k);
  }
  if (!keepPage) for (const k of POSITION_KEYS) sp.delete(k);
  sp.delete('done');
  return sp.toString();
}

/** A change sent to the router that the URL may not show yet: the query it asked for and the query it was made on. */
export type AskedQuery = { from: string; query: string };

/**
 * The query a new change builds on. The router applies a change later (in a transition), so a
 * second change made before the URL shows the first (a text filter applied as its field loses
 * focus, then the select that took the focus) must build on the first, or it silently drops it.
 * Once the URL has moved (to the asked query, or anywhere by Back/Forward) the URL is the truth.
 */
export function queryToChange(asked: AskedQuery | null, current: string): string {
  return asked && asked.from === current ? asked.query : current;
}

/** Where a list is: its page number and, for a keyset-paged list, the cursors of the rows it shows. */
export type ListPosition = { page: number; cursors?: { after: string | null; before: string | null } };

/**
 * The URL change of a pager's step to page `to` (sent with keepPage), for every list that keeps its
 * page in the URL. Page 1 needs no position; on a keyset-paged list a step forward carries this
 * page's `after` cursor, a step back its `before` (no OFFSET however deep); a numbered list has none.
 */
export function pageChange(to: number, from: ListPosition): Record<string, string | null> {
  if (to <= 1) return { page: null, after: null, before: null };
  return to > from.page
    ? { page: String(to), after: from.cursors?.after ?? null, before: null }
    : { page: String(to), after: null, before: from.cursors?.before ?? null };
}

/**
 * Whether a list's URL narrows it: any parameter but its position, unless it holds the list's
 * default (`{ status: 'open' }`) or never narrows (`{ sort: null }`). An empty list says
 * "nothing yet" without one, "no match" with one.
 */
export function filtersInForce(params: URLSearchParams, defaults: Record<string, string | null> = {}): boolean {
  return [...params].some(([k, x]) => x && !POSITION_KEYS.includes(k) && defaults[k] !== null && defaults[k] !== x);
}

import type { ReactNode } from 'react';
import { plural, type Noun } from '@/lib/text/plural';

/** Where a list is: the page shown, how many there are, how many rows in all (`estimated`: about that many). */
export type PagerPosition = { page: number; pageCount: number; total: number; estimated?: boolean };

/** "about " before an estimated count or page count (the audit log's, lib/db/row-estimate.ts), nothing before an exact one. */
export const about = (position: Pick<PagerPosition, 'estimated'>) => (position.estimated ? 'about ' : '');

/**
 * A page with no rows of a list that has some (an old link, a list that got
 * shorter, a stale cursor): not "no match" and not "empty", but where the rows
 * are, with the way to the last page. Every pager shows this one notice and
 * offers the page rather than sending the user there: a silent redirect would
 * hide that the link is stale, and in a list that is still shrinking (items
 * being adjudicated, claimed) would land on a page that changes under them.
 * `action`: the link or button to the last page (`lastPageLabel`).
 */
export function PagerPastEnd({ position, noun, action }: { position: PagerPosition; noun: Noun; action: ReactNode }) {
  const { page, pageCount, total } = position;
  const where =
    page > pageCount
      ? `Page ${page.toLocaleString('en-US')} is past the end of this list`
      : `Page ${page.toLocaleString('en-US')} has nothing any more (the list changed)`;
  return (
    <p
      role="status"
      data-testid="past-end"
      className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      {where}: it has {about(position)}
      {plural(total, noun)}, on {about(position)}
      {plural(pageCount, 'page')}. {action}
    </p>
  );
}

export const lastPageLabel = (pageCount: number) =>
  pageCount === 1 ? 'Go to the first page' : `Go to the last page (${pageCount.toLocaleString('en-US')})`;

import { useEffect, useRef, type ReactNode } from 'react';
import type { Page } from '@/lib/http/pagination';
import { isPastEnd } from '@/lib/http/pagination';
import { plural, type Noun } from '@/lib/text/plural';
import { Button } from './button';
import { about, lastPageLabel, PagerPastEnd } from './pager-past-end';

type Shown = Pick<Page<unknown>, 'items' | 'page' | 'pageCount' | 'total' | 'estimated'>;

/**
 * Previous / next with "page x of y · n things"; hidden when everything fits on one page.
 * A page past the end of the list says so and offers the last page (pager-past-end.tsx).
 * After a step (and once that page is shown) the focus and the scroll go to the top of the
 * list, as a page load would: the new rows are read from the first, not from the pager.
 * The top of the list is the element the pager sits in (a named region: "Card bank", "Past imports").
 */
export function Pager({
  of: shown,
  noun,
  onPage,
  label = 'Pages',
}: {
  of: Shown;
  noun: Noun;
  onPage: (page: number) => void;
  label?: string;
}) {
  const nav = useRef<HTMLElement>(null);
  // The page a step asked for: the focus moves once that page shows (a live refetch of the old one does not count).
  const asked = useRef<number | null>(null);
  const box = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (asked.current !== shown.page) return;
    asked.current = null;
    focusListTop(box.current);
  }, [shown.page, shown.items]);
  const go = (page: number) => {
    asked.current = page;
    // Remembered now: the notice that offers the last page is gone once that page shows.
    box.current = nav.current?.parentElement ?? null;
    onPage(page);
  };
  if (isPastEnd(shown)) {
    return (
      <nav ref={nav} aria-label={label}>
        <PagerPastEnd
          position={shown}
          noun={noun}
          action={
            <Button variant="secondary" className="ml-1" onClick={() => go(shown.pageCount)}>
              {lastPageLabel(shown.pageCount)}
            </Button>
          }
        />
      </nav>
    );
  }
  if (shown.pageCount <= 1) return null;
  const { page, pageCount, total } = shown;
  return (
    <nav ref={nav} aria-label={label} className="flex items-center justify-between text-sm text-slate-600">
      <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page.toLocaleString('en-US')} of {about(shown)}
        {pageCount.toLocaleString('en-US')} · {about(shown)}
        {plural(total, noun)}
      </span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => go(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Focus (without a visible ring: it is a box, not a control) and bring into view the top of a list just paged. */
export function focusListTop(el: HTMLElement | null) {
  if (!el) return;
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.classList.add('outline-none');
  el.focus({ preventScroll: true });
  if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
}

/** A list's empty state, unless the page is past the end: then the pager's notice says where the rows are. */
export function unlessPastEnd(shown: Pick<Page<unknown>, 'items' | 'total'> | undefined, empty: ReactNode): ReactNode {
  return shown && isPastEnd(shown) ? null : empty;
}

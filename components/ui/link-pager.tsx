'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { plural, type Noun } from '@/lib/text/plural';
import type { PagerHrefs } from './link-pager-hrefs';
import { focusListTop } from './pager';
import { about, lastPageLabel, PagerPastEnd, type PagerPosition } from './pager-past-end';

/**
 * Pages of a URL-driven list: "N items · page x of y" with Previous/Next links (link-pager-hrefs.ts),
 * or, on a page past the end, the notice that offers the last page. After a step the focus goes to
 * the top of the list (the element the pager sits in), as after a page load: the new rows are read
 * from the first. `shown`: the rows on this page.
 */
export function LinkPager({
  label,
  noun,
  position,
  shown,
  hrefs,
}: {
  label: string;
  noun: Noun;
  position: PagerPosition;
  shown: number;
  hrefs: PagerHrefs;
}) {
  const nav = useRef<HTMLElement>(null);
  const stepped = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!stepped.current) return;
    focusListTop(stepped.current);
    stepped.current = null;
  }, [position.page, shown]);
  // Remembered at the click: a past-end notice's link is gone once the last page shows.
  const step = () => (stepped.current = nav.current?.parentElement ?? null);
  if (shown === 0 && position.total > 0) {
    return (
      <nav ref={nav} aria-label={label} className="mt-3">
        <PagerPastEnd
          position={position}
          noun={noun}
          action={
            <Link href={hrefs.last} onClick={step} className="font-medium text-indigo-700 underline">
              {lastPageLabel(position.pageCount)}
            </Link>
          }
        />
      </nav>
    );
  }
  return (
    <nav ref={nav} aria-label={label} className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <span>
        {position.estimated ? 'About ' : ''}
        {plural(position.total, noun)} · page {position.page.toLocaleString('en-US')} of {about(position)}
        {position.pageCount.toLocaleString('en-US')}
      </span>
      <span className="flex gap-3">
        {hrefs.previous ? (
          <Link href={hrefs.previous} onClick={step} className="underline">
            Previous
          </Link>
        ) : null}
        {hrefs.next ? (
          <Link href={hrefs.next} onClick={step} className="underline">
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

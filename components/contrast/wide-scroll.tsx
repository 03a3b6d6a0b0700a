'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A horizontally scrolling box for tables wider than the page (one column per
 * run). Only sideways: it never traps vertical scrolling, the page scrolls.
 * When it overflows it says so and offers ← / → buttons, so the hidden runs
 * are obvious. Keyboard: the region is focusable, arrow keys scroll it.
 */
export function WideScroll({
  label,
  columns,
  children,
  testId,
}: {
  label: string;
  /** e.g. "6 runs" */ columns: string;
  children: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ overflows: false, atStart: true, atEnd: true });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () =>
      setEdges({
        overflows: el.scrollWidth > el.clientWidth + 1,
        atStart: el.scrollLeft <= 0,
        atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      ro.disconnect();
    };
  }, []);
  const by = (dir: -1 | 1) => box.current?.scrollBy({ left: dir * box.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className="relative">
      {edges.overflows ? (
        <div className="mb-1 flex items-center justify-end gap-2 text-xs text-slate-600" data-testid="wide-scroll-hint">
          <span>{columns}: scroll sideways for the rest</span>
          <button
            type="button"
            aria-label={`Scroll ${label} left`}
            disabled={edges.atStart}
            onClick={() => by(-1)}
            className="rounded px-2 py-0.5 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
          >
            ←
          </button>
          <button
            type="button"
            aria-label={`Scroll ${label} right`}
            disabled={edges.atEnd}
            onClick={() => by(1)}
            className="rounded px-2 py-0.5 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
          >
            →
          </button>
        </div>
      ) : null}
      <div
        ref={box}
        role="region"
        aria-label={`${label} (scrolls sideways)`}
        tabIndex={0}
        data-testid={testId}
        // `relative`: the containing block of absolutely positioned descendants (sr-only labels), or they
        // escape the sideways scroll and widen the whole document.
        className="relative overflow-x-auto overflow-y-hidden rounded-lg border border-slate-200 bg-white shadow-sm [scrollbar-color:rgb(148,163,184)_transparent] [scrollbar-width:auto]"
      >
        {children}
      </div>
      {/* Fades at the cut edges show there is more to that side. */}
      {edges.overflows && !edges.atEnd ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute bottom-0 right-0 top-7 w-8 rounded-r-lg bg-gradient-to-l from-slate-300/50 to-transparent"
        />
      ) : null}
    </div>
  );
}

/**
 * The table inside a `WideScroll`: a screen-reader caption, and a header row
 * whose first cell (`corner`, the row labels' column) stays put while the
 * columns scroll under it. `head`: the other header cells; `children`: the body.
 */
export function WideTable({
  caption,
  corner,
  cornerClassName,
  testId,
  head,
  children,
}: {
  caption: ReactNode;
  corner: ReactNode;
  cornerClassName: string;
  testId?: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="border-separate border-spacing-0 text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50">
        <tr>
          <th
            scope="col"
            className={`sticky left-0 border-b border-r border-slate-200 bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600 ${cornerClassName}`}
          >
            {corner}
          </th>
          {head}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** One of a WideTable's column headers (`head`); `className` sets its width and alignment. */
export function WideColumnHead({
  className,
  testId,
  children,
}: {
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <th scope="col" data-testid={testId} className={`border-b border-slate-200 px-3 py-2 align-top ${className}`}>
      {children}
    </th>
  );
}

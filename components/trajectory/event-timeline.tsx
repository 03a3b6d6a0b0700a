'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import type { FieldMarks } from '@/lib/trajectories/observation-json';
import { EventRow, type Anchor } from './event-row';
import { useEventWindows } from './use-event-windows';

const NO_ANCHORS: Anchor[] = [];

export type TimelineApi = {
  scrollTo: (position: number) => void;
  toggle: (position: number) => void;
  /** Unfolds an observation (find lands on it), leaving it unfolded if it already was. */
  expand: (position: number) => void;
};

/**
 * The virtualised event list: only the rows on screen (plus a few) are in the
 * DOM, whatever the event count, and their events are fetched window by window.
 */
export function EventTimeline({
  trajectoryId,
  eventCount,
  checkpoints,
  cursor,
  selection,
  highlighted,
  raw,
  marks,
  onEventClick,
  apiRef,
}: {
  trajectoryId: string;
  eventCount: number;
  checkpoints: CheckpointView[];
  cursor: number | null;
  selection: [number, number] | null;
  highlighted: number | null;
  raw: boolean;
  /** Keep it stable (useMemo): what the active checkpoint names, marked in JSON observations. */
  marks: FieldMarks;
  /** Keep it stable (useCallback): every row is memoised on it. */
  onEventClick: (position: number, shift: boolean) => void;
  apiRef: RefObject<TimelineApi | null>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is the documented way to virtualise here.
  const virtualizer = useVirtualizer({
    count: eventCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 6,
    // A row grows when its event arrives or unfolds; the ResizeObserver sees that before the paint,
    // but a React re-render would come after it, so rows painted overlapping for a few frames while
    // a trajectory opened. Written straight to the DOM, the new positions are in that same paint.
    directDomUpdates: true,
  });
  const items = virtualizer.getVirtualItems();
  const { eventAt, error } = useEventWindows(trajectoryId, {
    start: items[0]?.index ?? 0,
    end: items.at(-1)?.index ?? 0,
  });

  // Built once per trajectory: each row gets the same array on every render, so a memoised row
  // re-renders only when its own marks change (not on every cursor move).
  const anchors = useMemo(() => {
    const byEvent = new Map<number, Anchor[]>();
    for (const c of checkpoints) {
      if (c.eventIndex == null) continue;
      byEvent.set(c.eventIndex, [...(byEvent.get(c.eventIndex) ?? []), { key: c.key, passed: c.passed }]);
    }
    return byEvent;
  }, [checkpoints]);
  const toggle = useCallback((p: number) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return next;
    });
  }, []);

  // Rows grow when their events arrive (a tool call with arguments is far taller
  // than the estimate), which moves a freshly scrolled-to row off screen. So a
  // scroll target stays pending until its row is rendered with its event, then
  // is scrolled to once more; it gives up after a few seconds so it never fights the user.
  const pending = useRef<{ position: number; until: number } | null>(null);
  useEffect(() => {
    apiRef.current = {
      scrollTo: (position) => {
        pending.current = { position, until: Date.now() + 4000 };
        virtualizer.scrollToIndex(position, { align: 'center' });
      },
      toggle,
      expand: (p) => setExpanded((prev) => (prev.has(p) ? prev : new Set(prev).add(p))),
    };
  }, [apiRef, virtualizer, toggle]);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    if (Date.now() > target.until) {
      pending.current = null;
      return;
    }
    const rendered = items.some((v) => v.index === target.position);
    if (!rendered) {
      virtualizer.scrollToIndex(target.position, { align: 'center' });
      return;
    }
    if (!eventAt(target.position)) return;
    pending.current = null;
    requestAnimationFrame(() => virtualizer.scrollToIndex(target.position, { align: 'center' }));
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ErrorMessage error={error} />
      <div
        ref={scrollRef}
        data-testid="event-timeline"
        role="list"
        aria-label={`Events (${eventCount})`}
        className="h-[70vh] min-h-[320px] overflow-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:h-auto lg:min-h-0 lg:flex-1"
      >
        {eventCount === 0 ? <p className="p-6 text-sm text-slate-600">This trajectory has no events.</p> : null}
        {/* Its height and the rows' offsets are written by the virtualizer (directDomUpdates). */}
        <div ref={virtualizer.containerRef} style={{ position: 'relative', width: '100%' }}>
          {items.map((v) => (
            <div
              key={v.key}
              role="listitem"
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
            >
              {/* Primitive marks and stable callbacks: EventRow is memoised. */}
              <EventRow
                position={v.index}
                event={eventAt(v.index)}
                selected={!!selection && v.index >= selection[0] && v.index <= selection[1]}
                cursor={cursor === v.index}
                highlighted={highlighted === v.index}
                expanded={expanded.has(v.index)}
                raw={raw}
                anchors={anchors.get(v.index) ?? NO_ANCHORS}
                marks={marks}
                onClick={onEventClick}
                onToggle={toggle}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

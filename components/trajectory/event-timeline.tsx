'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import { EventRow } from './event-row';
import { useEventWindows } from './use-event-windows';

export type TimelineApi = { scrollTo: (position: number) => void; toggle: (position: number) => void };

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
  });
  const items = virtualizer.getVirtualItems();
  const { eventAt, error } = useEventWindows(trajectoryId, { start: items[0]?.index ?? 0, end: items.at(-1)?.index ?? 0 });

  const anchors = new Map<number, { key: string; passed: boolean }[]>();
  for (const c of checkpoints) {
    if (c.eventIndex == null) continue;
    anchors.set(c.eventIndex, [...(anchors.get(c.eventIndex) ?? []), { key: c.key, passed: c.passed }]);
  }
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
        {eventCount === 0 ? <p className="p-6 text-sm text-slate-500">This trajectory has no events.</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((v) => (
            <div
              key={v.key}
              role="listitem"
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start}px)` }}
            >
              <EventRow
                position={v.index}
                event={eventAt(v.index)}
                marks={{
                  selected: !!selection && v.index >= selection[0] && v.index <= selection[1],
                  cursor: cursor === v.index,
                  highlighted: highlighted === v.index,
                  expanded: expanded.has(v.index),
                  raw,
                  anchors: anchors.get(v.index) ?? [],
                }}
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

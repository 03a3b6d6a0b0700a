'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';

/** Series colours, distinguishable in greyscale order too. */
export const COLORS = ['#4f46e5', '#059669', '#d97706', '#dc2626', '#0891b2', '#7c3aed', '#65a30d', '#db2777'];
export const colorAt = (i: number) => COLORS[i % COLORS.length];

export const pctTick = (v: number) => `${Math.round(v * 100)}%`;
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/** Navigates to the list behind a chart point. */
export function useOpen() {
  const router = useRouter();
  return useCallback((href: string | null | undefined) => href && router.push(href), [router]);
}

/** A clickable active dot for line charts: opens the list behind (x, series). */
export function clickableDot(onPick: (payload: Record<string, unknown>, dataKey: string) => void) {
  function ClickableDot(props: {
    cx?: number;
    cy?: number;
    fill?: string;
    payload?: Record<string, unknown>;
    dataKey?: unknown;
  }) {
    if (props.cx == null || props.cy == null) return <g />;
    return (
      <circle
        cx={props.cx}
        cy={props.cy}
        r={6}
        fill={props.fill}
        stroke="white"
        strokeWidth={2}
        style={{ cursor: 'pointer' }}
        onClick={() => props.payload && onPick(props.payload, String(props.dataKey))}
      />
    );
  }
  return ClickableDot;
}

/** Characters of a category label shown under a bar; the rest is on hover. */
const LABEL_CHARS = 16;

/**
 * An x-axis label for a bar chart of names (models, abilities) that is never
 * skipped: recharts drops every other label when they would overlap, which
 * left half the bars unnamed. Each is slanted and cut to LABEL_CHARS (in the
 * middle) with the full name on hover (SVG <title>). Use with `interval={0}` and `height={SLANTED_AXIS_HEIGHT}`.
 */
export function SlantedTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  const full = String(payload?.value ?? '');
  // Cut in the middle: names of one vendor share their start ("vendor/model-…"), they differ at the end.
  const head = Math.ceil((LABEL_CHARS - 1) / 2);
  const shown =
    full.length > LABEL_CHARS ? `${full.slice(0, head)}…${full.slice(full.length - (LABEL_CHARS - 1 - head))}` : full;
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text
        dy={8}
        textAnchor="end"
        transform="rotate(-35)"
        fontSize={11}
        fill="#475569"
        data-testid="axis-label"
        data-full={full}
      >
        <title>{full}</title>
        {shown}
      </text>
    </g>
  );
}

/** Room under the plot for SlantedTick labels of LABEL_CHARS characters. */
export const SLANTED_AXIS_HEIGHT = 80;

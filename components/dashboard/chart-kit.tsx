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
  function ClickableDot(props: { cx?: number; cy?: number; fill?: string; payload?: Record<string, unknown>; dataKey?: unknown }) {
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

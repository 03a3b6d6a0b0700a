'use client';

import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { pctTick, type clickableDot } from './chart-kit';

const TICK = { fontSize: 11 };

/**
 * The plot every dashboard figure draws in: the panel's whole chart area, the same margins and grid.
 * `vertical`: horizontal bars of named rows (annotators, rules), a count along x and `categoryKey` down y.
 */
export function ChartFrame({
  line,
  data,
  vertical,
  children,
}: {
  line?: boolean;
  data: readonly unknown[];
  vertical?: { categoryKey: string };
  children: ReactNode;
}) {
  const Chart = line ? LineChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart
        data={data as unknown[]}
        layout={vertical ? 'vertical' : undefined}
        margin={{ top: 8, right: 16, bottom: 8, left: vertical ? 24 : 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        {vertical ? (
          <>
            <XAxis type="number" allowDecimals={false} tick={TICK} />
            <YAxis type="category" dataKey={vertical.categoryKey} width={140} tick={TICK} />
          </>
        ) : null}
        {children}
      </Chart>
    </ResponsiveContainer>
  );
}

/** The x axis of a chart over named points (weeks, rounds, abilities). */
export const categoryAxis = (dataKey: string) => <XAxis dataKey={dataKey} tick={TICK} />;
/** A y axis of rates, 0 to 100%. */
export const PCT_AXIS = <YAxis domain={[0, 1]} tickFormatter={pctTick} tick={TICK} />;
/** A y axis of counts. */
export const COUNT_AXIS = <YAxis allowDecimals={false} tick={TICK} />;
export const LEGEND = <Legend wrapperStyle={{ fontSize: 12 }} />;

/** One series: the row field it draws, its legend name, its colour; `stack` stacks bars of one id. */
export type Series = { key: string; name: string; color: string; stack?: string };

/** Bars of each series; `onPick` (the list behind a bar) makes them clickable. */
export function seriesBars<R>(series: Series[], onPick?: (row: R) => void) {
  const click = onPick ? { cursor: 'pointer', onClick: (d: { payload?: unknown }) => onPick(d.payload as R) } : {};
  return series.map((s) => (
    <Bar
      key={s.key}
      dataKey={s.key}
      name={s.name}
      stackId={s.stack}
      fill={s.color}
      {...click}
      isAnimationActive={false}
    />
  ));
}

/**
 * Lines of each series, `dot` their clickable active dot (the list behind a point); a gap in a
 * series (a round a run did not take part in) is bridged. `monotone`: a smoothed line.
 */
export function seriesLines(series: Series[], dot: ReturnType<typeof clickableDot>, monotone?: boolean) {
  return series.map((s) => (
    <Line
      key={s.key}
      type={monotone ? 'monotone' : 'linear'}
      dataKey={s.key}
      name={s.name}
      stroke={s.color}
      strokeWidth={2}
      connectNulls
      activeDot={dot}
      isAnimationActive={false}
    />
  ));
}

'use client';

import { ReferenceArea, Tooltip, YAxis } from 'recharts';
import type { BankGrowth } from '@/lib/dashboard/bank-growth';
import { categoryAxis, ChartFrame, LEGEND, seriesLines } from './chart-frame';
import { ChartPanel } from './chart-panel';
import { clickableDot, colorAt, useOpen } from './chart-kit';
import type { Column } from './table-format';

// Mirrors REFERENCE_BAND_KB in lib/dashboard/bank-growth.ts (that file imports the database client).
const BAND = { low: 100, high: 250 };

type Point = BankGrowth['points'][number];
const COLUMNS: Column<Point>[] = [
  { key: 'week', label: 'Week' },
  { key: 'bank', label: 'Bank' },
  { key: 'cards', label: 'Cards', format: 'int' },
  { key: 'kb', label: 'Store size', format: 'kb' },
];

export function BankPanel({ data }: { data: BankGrowth }) {
  const open = useOpen();
  const banks = [...new Set(data.points.map((p) => p.bank))];
  const weeks = [...new Set(data.points.map((p) => p.week))];
  const chart = weeks.map((week) => ({
    week,
    ...Object.fromEntries(data.points.filter((p) => p.week === week).map((p) => [p.bank, p.kb])),
  }));
  const href = (bank: string) =>
    bank === 'function' ? '/cards?kind=FUNCTION' : `/cards?ability=${encodeURIComponent(bank)}`;
  const Dot = clickableDot((_p, bank) => open(href(bank)));
  const max = Math.max(BAND.high * 1.2, ...data.points.map((p) => p.kb));
  return (
    <ChartPanel
      id="bank-growth"
      title="Bank size over time"
      description={
        <>
          Store size (KB of card content) per bank at the end of each week; cards per bank in the table. Shaded: the
          published reference of compact curated stores (≈{BAND.low}–{BAND.high} KB), which beat raw-trace stores ~30×
          larger. Click a point for the bank&apos;s cards.
        </>
      }
      rows={data.points}
      columns={COLUMNS}
      href={(p) => href(p.bank)}
      empty="No cards yet."
    >
      <ChartFrame line data={chart}>
        {categoryAxis('week')}
        <YAxis
          domain={[0, Math.ceil(max)]}
          tickFormatter={(v: number) => `${v} KB`}
          tick={{ fontSize: 11 }}
          width={64}
        />
        <ReferenceArea
          y1={BAND.low}
          y2={BAND.high}
          fill="#10b981"
          fillOpacity={0.1}
          label={{ value: 'reference 100–250 KB', fontSize: 10, fill: '#047857', position: 'insideTopLeft' }}
        />
        <Tooltip formatter={(v) => `${v} KB`} />
        {LEGEND}
        {seriesLines(
          banks.map((b, i) => ({ key: b, name: b, color: colorAt(i) })),
          Dot,
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { ImpactRow } from '@/lib/dashboard/card-impact';
import { pct } from '@/components/dashboard/chart-kit';
import { downloadCsv, toCsv, type Column } from '@/components/dashboard/table-format';

type Flat = {
  card: string;
  title: string;
  release: string;
  injectedN: number;
  injectedRate: number | null;
  injectedLow: number | null;
  injectedHigh: number | null;
  comparisonN: number;
  comparisonRate: number | null;
  comparisonLow: number | null;
  comparisonHigh: number | null;
  delta: number | null;
};
const CSV_COLUMNS: Column<Flat>[] = [
  { key: 'card', label: 'Card' },
  { key: 'title', label: 'Title' },
  { key: 'release', label: 'Release' },
  { key: 'injectedN', label: 'Injected checkpoints', format: 'int' },
  { key: 'injectedRate', label: 'Injected pass rate', format: 'pct' },
  { key: 'injectedLow', label: 'Injected 95% low', format: 'pct' },
  { key: 'injectedHigh', label: 'Injected 95% high', format: 'pct' },
  { key: 'comparisonN', label: 'Without checkpoints', format: 'int' },
  { key: 'comparisonRate', label: 'Without pass rate', format: 'pct' },
  { key: 'comparisonLow', label: 'Without 95% low', format: 'pct' },
  { key: 'comparisonHigh', label: 'Without 95% high', format: 'pct' },
  { key: 'delta', label: 'Difference', format: 'pct' },
];

const flat = (r: ImpactRow): Flat => ({
  card: r.cardKey,
  title: r.title ?? '',
  release: r.release ?? 'R0',
  injectedN: r.injected.checkpoints,
  injectedRate: r.injected.rate,
  injectedLow: r.injected.interval?.low ?? null,
  injectedHigh: r.injected.interval?.high ?? null,
  comparisonN: r.comparison.checkpoints,
  comparisonRate: r.comparison.rate,
  comparisonLow: r.comparison.interval?.low ?? null,
  comparisonHigh: r.comparison.interval?.high ?? null,
  delta: r.delta,
});

function Figure({ g }: { g: ImpactRow['injected'] }) {
  return (
    <span className="tabular-nums">
      {pct(g.rate)}
      {g.interval ? (
        <span className="text-xs text-slate-600">
          {' '}
          [{pct(g.interval.low)}–{pct(g.interval.high)}]
        </span>
      ) : null}
      <span className="text-xs text-slate-600">
        {' '}
        n = {g.checkpoints} ({g.trajectories} traj.)
      </span>
    </span>
  );
}

const release = (r: ImpactRow) => r.release ?? 'R0';

const CARD_COLUMN: ColumnDef<ImpactRow> = {
  header: 'Card',
  cell: (r) => (
    <>
      {r.cardId ? (
        <Link href={`/cards/${encodeURIComponent(r.cardId)}`} className="text-indigo-700 underline">
          <UntrustedText text={r.title ?? r.cardKey} />
        </Link>
      ) : (
        <UntrustedText text={r.cardKey} />
      )}
      <div className="font-mono text-xs text-slate-600">
        <UntrustedText text={r.cardKey} />
      </div>
    </>
  ),
};

const COLUMNS: ColumnDef<ImpactRow>[] = [
  {
    header: 'Release',
    cell: (r) => (
      <Link
        href={`/dashboard/trajectories?${new URLSearchParams({ release: release(r), card: r.cardKey }).toString()}`}
        className="underline"
        title="Trajectories this card was injected into"
      >
        {release(r)}
      </Link>
    ),
  },
  { header: 'Injected', cell: (r) => <Figure g={r.injected} /> },
  { header: 'Without (same abilities, models)', cell: (r) => <Figure g={r.comparison} /> },
  {
    header: 'Difference',
    className: 'tabular-nums',
    cell: (r) =>
      r.delta === null ? (
        <span className="text-slate-600">not enough data</span>
      ) : (
        <span className={r.delta > 0 ? 'text-emerald-700' : r.delta < 0 ? 'text-rose-700' : ''}>
          {r.delta > 0 ? '+' : ''}
          {(r.delta * 100).toFixed(1)} pts
        </span>
      ),
  },
];

/** Injected vs. not per (card,) release with Wilson intervals; "not enough data" below the documented n. */
export function ImpactTable({
  rows,
  minCheckpoints,
  showCard,
}: {
  rows: ImpactRow[];
  minCheckpoints: number;
  showCard: boolean;
}) {
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2 text-xs text-slate-600">
        <span>
          Checkpoint pass rate with 95% Wilson interval; n = checkpoint results. &quot;Not enough data&quot; below{' '}
          {minCheckpoints} results on either side.
        </span>
        <Button variant="ghost" onClick={() => downloadCsv('card-impact', toCsv(CSV_COLUMNS, rows.map(flat)))}>
          Download CSV
        </Button>
      </div>
      <DataTable
        testId="impact-table"
        look="bare"
        density="tight"
        columns={showCard ? [CARD_COLUMN, ...COLUMNS] : COLUMNS}
        rows={rows}
        rowKey={(r) => `${r.cardKey}|${release(r)}`}
        rowProps={() => ({ 'data-testid': 'impact-row' })}
      />
    </div>
  );
}

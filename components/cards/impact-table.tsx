'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { ImpactRow } from '@/lib/dashboard/card-impact';
import { pct } from '@/components/dashboard/chart-kit';
import { downloadCsv, toCsv, type Column } from '@/components/dashboard/table-format';

type Side = 'injected' | 'comparison';
/** One side's figures as CSV fields: `injectedN`, `injectedRate`, `injectedLow`, `injectedHigh` (likewise `comparison…`). */
type SideFields<S extends Side> = Record<`${S}${'N' | 'Rate' | 'Low' | 'High'}`, number | null>;
type Flat = { card: string; title: string; release: string; delta: number | null } & SideFields<'injected'> &
  SideFields<'comparison'>;

const sideColumns = (side: Side, name: string): Column<Flat>[] => [
  { key: `${side}N`, label: `${name} checkpoints`, format: 'int' },
  { key: `${side}Rate`, label: `${name} pass rate`, format: 'pct' },
  { key: `${side}Low`, label: `${name} 95% low`, format: 'pct' },
  { key: `${side}High`, label: `${name} 95% high`, format: 'pct' },
];
const CSV_COLUMNS: Column<Flat>[] = [
  { key: 'card', label: 'Card' },
  { key: 'title', label: 'Title' },
  { key: 'release', label: 'Release' },
  ...sideColumns('injected', 'Injected'),
  ...sideColumns('comparison', 'Without'),
  { key: 'delta', label: 'Difference', format: 'pct' },
];

const sideFields = <S extends Side>(side: S, g: ImpactRow[S]) =>
  ({
    [`${side}N`]: g.checkpoints,
    [`${side}Rate`]: g.rate,
    [`${side}Low`]: g.interval?.low ?? null,
    [`${side}High`]: g.interval?.high ?? null,
  }) as SideFields<S>;

const flat = (r: ImpactRow): Flat => ({
  card: r.cardKey,
  title: r.title ?? '',
  release: r.release ?? 'R0',
  ...sideFields('injected', r.injected),
  ...sideFields('comparison', r.comparison),
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

import type { RetrieveResponse } from '@/lib/retrieval/retrieve-schema';

import { DataTable, type ColumnDef } from '@/components/ui/data-table';

type Row = RetrieveResponse['skillCards'][number] | RetrieveResponse['functionCards'][number];
const fmt = (n: number) => (n === 0 ? '0' : n.toFixed(3));

const columns = (leakKeys: Set<string>): ColumnDef<Row>[] => [
  { header: '#', cell: (_, i) => i + 1, className: 'text-slate-600' },
  {
    header: 'Card',
    cell: (r) => (
      <>
        <span className="font-medium text-slate-900">{'title' in r ? r.title : r.tool}</span>
        <span className="block font-mono text-xs text-slate-600">
          {r.key} · v{r.version}
          {'ability' in r && r.ability ? ` · ${r.ability}` : ''}
        </span>
        {leakKeys.has(r.key) ? (
          <span className="mt-0.5 inline-block rounded bg-amber-200 px-1 text-[10px] font-medium text-amber-900">
            leak
          </span>
        ) : null}
      </>
    ),
  },
  { header: 'BM25', numeric: true, cell: (r) => fmt(r.score.bm25) },
  {
    header: 'App bonus',
    numeric: true,
    className: 'text-emerald-700',
    cell: (r) => (r.score.appBonus ? `+${fmt(r.score.appBonus)}` : '0'),
  },
  {
    header: 'Mismatch',
    numeric: true,
    className: 'text-rose-700',
    cell: (r) => (r.score.mismatchPenalty ? `−${fmt(r.score.mismatchPenalty)}` : '0'),
  },
  { header: 'Total', numeric: true, className: 'font-semibold', cell: (r) => fmt(r.score.total) },
  { header: 'Matched terms', className: 'font-mono text-xs text-slate-600', cell: (r) => r.matchedTerms.join(', ') },
  { header: 'In block', cell: (r) => (r.inBlock ? 'yes' : <span className="text-slate-500">no</span>) },
];

/** Ranked cards with their score parts (BM25, app bonus, mismatch penalty, total) and the query terms they matched. */
export function RankedCardsTable({ rows, label, leakKeys }: { rows: Row[]; label: string; leakKeys: Set<string> }) {
  return (
    <DataTable
      label={label}
      columns={columns(leakKeys)}
      rows={rows}
      rowKey={(r) => r.key}
      rowProps={(r) => ({ 'data-card-key': r.key, className: leakKeys.has(r.key) ? 'bg-amber-50' : undefined })}
      density="compact"
      empty={<p className="text-sm text-slate-600">No {label.toLowerCase()} matched the task text.</p>}
    />
  );
}

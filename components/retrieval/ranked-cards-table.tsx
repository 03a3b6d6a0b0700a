import type { RetrieveResponse } from '@/lib/retrieval/retrieve-schema';

import { DataTable, type ColumnDef } from '@/components/ui/data-table';

type Row = RetrieveResponse['skillCards'][number] | RetrieveResponse['functionCards'][number];
const fmt = (n: number) => (n === 0 ? '0' : n.toFixed(3));

/** A reviewer's judgement of each result (by card key), and how to change it; absent for roles that cannot label. */
export type Labelling = {
  labels: Map<string, boolean>;
  onLabel: (cardKey: string, relevant: boolean | null) => void;
  pendingKey: string | null;
};

function LabelButtons({ row, labelling }: { row: Row; labelling: Labelling }) {
  const current = labelling.labels.get(row.key);
  const busy = labelling.pendingKey === row.key;
  const button = (relevant: boolean, text: string, on: string) => (
    <button
      type="button"
      aria-pressed={current === relevant}
      disabled={busy}
      // Pressing the chosen judgement again removes it.
      onClick={() => labelling.onLabel(row.key, current === relevant ? null : relevant)}
      className={`rounded px-1.5 py-0.5 text-xs ring-1 ring-slate-300 disabled:opacity-50 ${current === relevant ? on : 'bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      {text}
    </button>
  );
  return (
    <div className="flex gap-1" role="group" aria-label={`Is ${row.key} relevant?`}>
      {button(true, 'Relevant', 'bg-emerald-600 text-white ring-emerald-600')}
      {button(false, 'Not relevant', 'bg-rose-600 text-white ring-rose-600')}
    </div>
  );
}

const columns = (leakKeys: Set<string>, labelling?: Labelling): ColumnDef<Row>[] => [
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
    header: 'By field',
    className: 'font-mono text-xs text-slate-600',
    cell: (r) =>
      Object.entries(r.score.fields)
        .filter(([, v]) => v > 0)
        .map(([f, v]) => `${f} ${fmt(v)}`)
        .join(' · ') || '—',
  },
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
  {
    header: 'Matched terms',
    className: 'font-mono text-xs text-slate-600',
    cell: (r) => (
      <>
        {r.matchedTerms.join(', ')}
        {r.fillerTerms.length ? (
          <span className="block text-amber-800">filler (down-weighted): {r.fillerTerms.join(', ')}</span>
        ) : null}
      </>
    ),
  },
  { header: 'In block', cell: (r) => (r.inBlock ? 'yes' : <span className="text-slate-500">no</span>) },
  ...(labelling
    ? [{ header: 'Judgement', cell: (r: Row) => <LabelButtons row={r} labelling={labelling} /> } as ColumnDef<Row>]
    : []),
];

/**
 * Ranked cards with their score parts (BM25 and its split by field, app bonus, mismatch penalty, total), the
 * query terms they matched (filler terms marked) and, for reviewers, "relevant / not relevant" buttons.
 */
export function RankedCardsTable({
  rows,
  label,
  leakKeys,
  labelling,
}: {
  rows: Row[];
  label: string;
  leakKeys: Set<string>;
  labelling?: Labelling;
}) {
  return (
    <DataTable
      label={label}
      columns={columns(leakKeys, labelling)}
      rows={rows}
      rowKey={(r) => r.key}
      rowProps={(r) => ({ 'data-card-key': r.key, className: leakKeys.has(r.key) ? 'bg-amber-50' : undefined })}
      density="compact"
      empty={
        <p className="text-sm text-slate-600">
          No {label.toLowerCase()} reached the minimum score for this task text (fewer cards rather than filler).
        </p>
      }
    />
  );
}

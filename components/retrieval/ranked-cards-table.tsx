import type { RetrieveResponse } from '@/lib/retrieval/retrieve-schema';

type Row = RetrieveResponse['skillCards'][number] | RetrieveResponse['functionCards'][number];
const fmt = (n: number) => (n === 0 ? '0' : n.toFixed(3));

/** Ranked cards with their score parts (BM25, app bonus, mismatch penalty, total) and the query terms they matched. */
export function RankedCardsTable({ rows, label, leakKeys }: { rows: Row[]; label: string; leakKeys: Set<string> }) {
  if (!rows.length) return <p className="text-sm text-slate-500">No {label.toLowerCase()} matched the task text.</p>;
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">Card</th>
            <th className="px-3 py-2 text-right">BM25</th>
            <th className="px-3 py-2 text-right">App bonus</th>
            <th className="px-3 py-2 text-right">Mismatch</th>
            <th className="px-3 py-2 text-right">Total</th>
            <th className="px-3 py-2">Matched terms</th>
            <th className="px-3 py-2">In block</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={r.key} data-card-key={r.key} className={leakKeys.has(r.key) ? 'bg-amber-50' : ''}>
              <td className="px-3 py-1.5 text-slate-500">{i + 1}</td>
              <td className="px-3 py-1.5">
                <span className="font-medium text-slate-900">{'title' in r ? r.title : r.tool}</span>
                <span className="block font-mono text-xs text-slate-500">
                  {r.key} · v{r.version}
                  {'ability' in r && r.ability ? ` · ${r.ability}` : ''}
                </span>
                {leakKeys.has(r.key) ? <span className="mt-0.5 inline-block rounded bg-amber-200 px-1 text-[10px] font-medium text-amber-900">leak</span> : null}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{fmt(r.score.bm25)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums text-emerald-700">{r.score.appBonus ? `+${fmt(r.score.appBonus)}` : '0'}</td>
              <td className="px-3 py-1.5 text-right tabular-nums text-rose-700">{r.score.mismatchPenalty ? `−${fmt(r.score.mismatchPenalty)}` : '0'}</td>
              <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{fmt(r.score.total)}</td>
              <td className="px-3 py-1.5 font-mono text-xs text-slate-600">{r.matchedTerms.join(', ')}</td>
              <td className="px-3 py-1.5">{r.inBlock ? 'yes' : <span className="text-slate-400">no</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

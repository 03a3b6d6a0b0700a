import Link from 'next/link';
import { Panel } from '@/components/ui/panel';
import type { CardRecord } from '@/lib/compare/card-record';
import { pairContrastHref } from './regression-list';

/** "helped 3 · hurt 1": a card's record in one line (review inbox, proposal rows). */
export function CardRecordBadge({ record }: { record: Pick<CardRecord, 'helped' | 'hurt'> }) {
  return (
    <span
      className={`inline-flex gap-1 rounded px-1.5 py-0.5 text-xs tabular-nums ring-1 ${record.hurt > record.helped ? 'bg-rose-50 text-rose-800 ring-rose-200' : 'bg-slate-50 text-slate-700 ring-slate-200'}`}
      data-testid="card-record-badge"
      title="Tasks this card was injected into that flipped against the round before: fail→pass (helped), pass→fail (hurt)"
    >
      helped {record.helped} · hurt {record.hurt}
    </span>
  );
}

/** The card page's record: helped / hurt counts and the pairs behind them, each opening the two runs side by side. */
export function CardRecordPanel({ record }: { record: CardRecord }) {
  return (
    <Panel title={`Record: helped ${record.helped} · hurt ${record.hurt}`} testId="card-record-panel">
      <p className="text-sm text-slate-600">
        Runs this card was injected into, each against the same task, trial, model and agent in the round before its
        release. {record.unchanged} pair{record.unchanged === 1 ? '' : 's'} kept their outcome.
      </p>
      {record.pairs.length ? (
        <ul className="space-y-1 text-sm">
          {record.pairs.map((p) => (
            <li key={p.runB} className="flex flex-wrap gap-x-2">
              <span className={p.kind === 'hurt' ? 'font-medium text-rose-700' : 'font-medium text-emerald-700'}>
                {p.kind === 'hurt' ? 'hurt (pass→fail)' : 'helped (fail→pass)'}
              </span>
              <span>
                {p.benchmark} · {p.taskExternalId} · trial {p.trial} · {p.model}
              </span>
              <span className="text-slate-600">
                {p.previous ?? 'R0'} → {p.release}
              </span>
              <Link href={pairContrastHref(p)} className="text-indigo-700 hover:underline">
                Open the two runs
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No task it was injected into flipped.</p>
      )}
    </Panel>
  );
}

import type { RunDetail } from '@/lib/reflection/read-run';
import type { ValidationIssue } from '@/lib/reflection/validate-card';
import { JsonBlock } from './json-block';

const STATUS_STYLE: Record<string, string> = {
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-300',
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  REJECTED: 'bg-slate-100 text-slate-600 ring-slate-300',
  NOOP: 'bg-slate-100 text-slate-600 ring-slate-300',
  INVALID: 'bg-rose-50 text-rose-800 ring-rose-300',
  SUPERSEDED: 'bg-slate-100 text-slate-600 ring-slate-300',
};

const STATUS_LABEL: Record<string, string> = {
  PENDING: 'pending review',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  NOOP: 'no-op (recorded)',
  INVALID: 'failed validation',
  SUPERSEDED: 'superseded',
};

/** Validation failures with the rule, where, and why — shown, never dropped. */
export function ValidationList({ issues }: { issues: ValidationIssue[] }) {
  if (!issues?.length) return null;
  return (
    <ul className="mb-2 space-y-1 text-sm" aria-label="Validation failures">
      {issues.map((i, n) => (
        <li key={n} className="text-rose-800">
          <span className="rounded bg-rose-100 px-1 text-xs font-medium uppercase">{i.rule}</span>{' '}
          {i.path ? <span className="font-mono text-xs">{i.path}</span> : null} {i.message}
        </li>
      ))}
    </ul>
  );
}

/** One curator patch (or function card): operation, status, reason, target cards with their base versions, validation, proposed card. */
export function ProposalCard({ proposal: p }: { proposal: RunDetail['proposals'][number] }) {
  return (
    <li data-testid="proposal" className="rounded-md p-3 ring-1 ring-slate-200">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-white">{p.operation}</span>
        <span
          data-proposal-status={p.status}
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[p.status] ?? ''}`}
        >
          {STATUS_LABEL[p.status] ?? p.status}
        </span>
        <span className="text-slate-600">
          {p.cardKind === 'FUNCTION' ? 'function card' : `skill card${p.ability ? ` · ${p.ability}` : ''}`}
        </span>
        {p.deltaIndex !== null ? <span className="text-slate-600">from delta {p.deltaIndex + 1}</span> : null}
        {/* INVALID's status pill already says "failed validation"; a second "invalid" would repeat it. */}
        {p.status === 'INVALID' ? null : (
          <span className={p.valid ? 'text-emerald-700' : 'text-rose-700'}>{p.valid ? 'valid' : 'invalid'}</span>
        )}
      </div>
      <p className="mb-2 text-sm">
        <span className="font-medium">Reason:</span> {p.reason}
      </p>
      {p.targets.length ? (
        <ul className="mb-2 text-sm text-slate-700" aria-label="Target cards">
          {p.targets.map((t) => (
            <li key={t.cardId}>
              {t.primary ? 'Target' : 'Also'}: <span className="font-medium">{t.title}</span>{' '}
              <span className="font-mono text-xs text-slate-600">{t.key}</span>{' '}
              {t.baseVersionNumber !== null ? (
                <span className="text-slate-600">(based on v{t.baseVersionNumber})</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ValidationList issues={p.validation} />
      {p.proposedCard ? <JsonBlock value={p.proposedCard} label="Proposed card" foldAt={400} /> : null}
    </li>
  );
}

import type { RunStatus } from '@prisma/client';

const STYLES: Record<RunStatus, string> = {
  QUEUED: 'bg-slate-100 text-slate-700 ring-slate-300',
  RUNNING: 'bg-amber-50 text-amber-800 ring-amber-300',
  SUCCEEDED: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-300',
  CANCELLED: 'bg-slate-100 text-slate-600 ring-slate-300',
};

const LABELS: Record<RunStatus, string> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  SUCCEEDED: 'done',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

/** Run status as a pill; `data-status` lets tests and styles key on the raw value. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <span
      data-testid="run-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STYLES[status]}`}
    >
      {status === 'RUNNING' || status === 'QUEUED' ? (
        <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />
      ) : null}
      {LABELS[status]}
    </span>
  );
}

/** Which provider produced a run's output; the offline one is labelled as rule-based, never passed off as an LLM. */
export function ProviderLabel({ provider, model }: { provider: 'OPENAI' | 'OFFLINE'; model: string | null }) {
  if (provider === 'OFFLINE') {
    return (
      <span
        className="whitespace-nowrap rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200"
        title="Deterministic rules over the diagnoses and BM25 similarity; no LLM involved"
      >
        rule-based (offline)
      </span>
    );
  }
  return <span className="font-mono text-xs text-slate-700">{model ?? 'LLM'}</span>;
}

export const isActiveStatus = (s: RunStatus) => s === 'QUEUED' || s === 'RUNNING';

import type { CardOperation, ProposalStatus } from '@prisma/client';

export const OPERATION_LABELS: Record<CardOperation, string> = {
  ADD_CARD: 'Add',
  PATCH_CARD: 'Patch',
  MERGE_CARD: 'Merge',
  NARROW_TRIGGER: 'Narrow trigger',
  NOOP: 'No-op',
};

const OP_STYLES: Record<CardOperation, string> = {
  ADD_CARD: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PATCH_CARD: 'bg-sky-50 text-sky-800 ring-sky-200',
  MERGE_CARD: 'bg-violet-50 text-violet-800 ring-violet-200',
  NARROW_TRIGGER: 'bg-amber-50 text-amber-800 ring-amber-200',
  NOOP: 'bg-slate-100 text-slate-600 ring-slate-200',
};

const pill = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1';

export function OperationBadge({ operation }: { operation: CardOperation }) {
  return (
    <span data-testid="operation" data-operation={operation} className={`${pill} ${OP_STYLES[operation]}`}>
      {OPERATION_LABELS[operation]}
    </span>
  );
}

const STATUS_STYLES: Record<ProposalStatus, string> = {
  PENDING: 'bg-slate-100 text-slate-700 ring-slate-300',
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  REJECTED: 'bg-rose-50 text-rose-800 ring-rose-300',
  NOOP: 'bg-slate-100 text-slate-600 ring-slate-300',
  INVALID: 'bg-rose-50 text-rose-800 ring-rose-300',
  SUPERSEDED: 'bg-slate-100 text-slate-600 ring-slate-300',
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span data-testid="proposal-status" data-status={status} className={`${pill} ${STATUS_STYLES[status]}`}>
      {status.toLowerCase()}
    </span>
  );
}

export function StaleBadge() {
  return (
    <span
      data-testid="stale-flag"
      title="A target card changed since this proposal was made"
      className={`${pill} bg-orange-50 text-orange-800 ring-orange-300`}
    >
      stale
    </span>
  );
}

export function InvalidBadge() {
  return (
    <span data-testid="invalid-flag" className={`${pill} bg-rose-50 text-rose-800 ring-rose-300`}>
      invalid
    </span>
  );
}

/**
 * A proposal's flags in one place: status (when asked for), stale, invalid. A proposal that
 * failed validation has status INVALID *and* valid = false; printing both read "invalid invalid",
 * so the invalid flag appears only when the status badge does not already say it.
 */
export function ProposalFlags({
  status,
  showStatus,
  stale,
  valid,
}: {
  status: ProposalStatus;
  showStatus: boolean;
  stale: boolean;
  valid: boolean;
}) {
  return (
    <>
      {showStatus ? <ProposalStatusBadge status={status} /> : null}
      {stale ? <StaleBadge /> : null}
      {!valid && !(showStatus && status === 'INVALID') ? <InvalidBadge /> : null}
    </>
  );
}

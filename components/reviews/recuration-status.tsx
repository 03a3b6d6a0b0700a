import Link from 'next/link';
import { recurationOutcome } from '@/lib/review/recuration-outcome';
import type { ProposalDetail } from '@/lib/review/get-proposal';

const box = 'rounded-md px-3 py-2 text-sm ring-1';

/** Where the reviewer's "re-curate" got to: running (followed live), then the new proposal, a no-op, or why it failed. */
export function RecurationStatus({ p }: { p: ProposalDetail }) {
  const o = recurationOutcome(p);
  if (!o || o.kind === 'running') return null; // the stale banner says it is running
  const run = (
    <Link className="underline" href={`/runs/${o.runId}`}>
      run
    </Link>
  );
  if (o.kind === 'failed') {
    return (
      <p role="alert" className={`${box} bg-rose-50 text-rose-900 ring-rose-300`} data-testid="recuration-outcome">
        Re-curation failed{o.error ? `: ${o.error}` : ''} ({run}). The proposal is still pending: re-curate again, or
        reject it as stale.
      </p>
    );
  }
  return (
    <p role="status" className={`${box} bg-sky-50 text-sky-900 ring-sky-300`} data-testid="recuration-outcome">
      {o.kind === 'replaced' ? (
        <>
          Re-curated against the current card: superseded by a{' '}
          <Link className="font-medium underline" href={`/reviews/${o.proposalId}`}>
            new proposal
          </Link>{' '}
          ({o.status.toLowerCase()}).
        </>
      ) : o.kind === 'noop' ? (
        <>
          Re-curated against the current card: the curator found nothing to change (a{' '}
          <Link className="underline" href={`/reviews/${o.proposalId}`}>
            no-op
          </Link>
          ), so this proposal is superseded and nothing waits for review.
        </>
      ) : (
        <>
          Re-curated against the current card: the curator proposed nothing to change for it ({run}), so this proposal
          is superseded.
        </>
      )}
    </p>
  );
}

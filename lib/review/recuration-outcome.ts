import type { ProposalDetail } from './get-proposal';

/**
 * How a reviewer's "re-curate" ended, as the stale proposal's page tells it:
 * - running: the run is queued or running (the page follows it live);
 * - replaced: the curator made a new proposal against the current card;
 * - noop: the curator found nothing to change (a no-op), so nothing waits for review;
 * - nothing: the run proposed nothing for this card;
 * - failed: the run failed or was cancelled; the proposal is still pending and can be re-curated again.
 * null when the proposal was never re-curated.
 */
export type RecurationOutcome =
  | { kind: 'running'; runId: string; status: string }
  | { kind: 'replaced'; runId: string; proposalId: string; status: string }
  | { kind: 'noop'; runId: string; proposalId: string }
  | { kind: 'nothing'; runId: string }
  | { kind: 'failed'; runId: string; error: string | null };

type Input = Pick<ProposalDetail, 'status' | 'recuration' | 'recuratedInto'>;

export function recurationOutcome(p: Input): RecurationOutcome | null {
  const run = p.recuration;
  if (!run) return null;
  const { runId } = run;
  if (run.status === 'QUEUED' || run.status === 'RUNNING') return { kind: 'running', runId, status: run.status };
  if (run.status !== 'SUCCEEDED')
    return p.status === 'PENDING' || p.status === 'INVALID' ? { kind: 'failed', runId, error: run.error } : null;
  // Superseded by its re-curation (a reviewer who decided first keeps their decision: nothing to tell).
  if (p.status !== 'SUPERSEDED') return null;
  const made = p.recuratedInto[0];
  if (!made) return { kind: 'nothing', runId };
  if (made.status === 'NOOP') return { kind: 'noop', runId, proposalId: made.id };
  return { kind: 'replaced', runId, proposalId: made.id, status: made.status };
}

import Link from 'next/link';
import type { ProposalDetail } from '@/lib/review/get-proposal';

const DECISIONS: Record<string, string> = {
  APPROVED: 'Approved',
  EDITED_APPROVED: 'Approved with edits',
  REJECTED: 'Rejected',
  FIRST_APPROVED: 'Approved (awaiting a second reviewer)',
};

type Props = {
  p: ProposalDetail;
  /** The reviewer's decision the server refused (409: someone decided first), if that is how the page learnt of it. */
  refused: 'approve' | 'reject' | null;
  /** What the reviewer had typed and not sent (a reason or a note). */
  draft: { label: string; text: string } | null;
};

/**
 * Someone else decided the proposal while this page had it open (seen live,
 * or from the 409 the reviewer's own decision got): who decided what and
 * when, and the reviewer's unsent text, kept to copy.
 */
export function DecidedElsewhere({ p, refused, draft }: Props) {
  const last = p.reviews[p.reviews.length - 1];
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300"
      data-testid="decided-elsewhere"
    >
      <p className="font-medium">
        {refused
          ? `Your ${refused === 'reject' ? 'rejection' : 'approval'} was not recorded: someone else decided this proposal first.`
          : 'Someone else decided this proposal while you had it open.'}
      </p>
      {p.status === 'SUPERSEDED' ? (
        <p>
          Superseded: a newer reflection run replaced it
          {p.recuratedInto[0] ? (
            <>
              {' '}
              with{' '}
              <Link className="underline" href={`/reviews/${p.recuratedInto[0].id}`}>
                a new proposal
              </Link>
            </>
          ) : null}
          .
        </p>
      ) : last ? (
        <p>
          {DECISIONS[last.decision] ?? last.decision.toLowerCase()} by{' '}
          <span className="font-medium">{last.reviewer}</span> ·{' '}
          <time dateTime={last.createdAt} data-testid="decided-at">
            {new Date(last.createdAt).toLocaleString()}
          </time>
          {last.note ? <> — “{last.note}”</> : null}
        </p>
      ) : (
        <p>It is now {p.status.toLowerCase()}.</p>
      )}
      {draft?.text ? (
        <label className="block space-y-1">
          <span className="text-xs font-medium">Your {draft.label}, not sent (copy it if you need it):</span>
          <textarea
            readOnly
            rows={2}
            value={draft.text}
            data-testid="unsent-draft"
            className="block w-full rounded-md border-0 bg-white px-2.5 py-1.5 text-sm ring-1 ring-amber-300"
          />
        </label>
      ) : null}
    </div>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { ErrorMessage } from '@/components/ui/error-message';
import { ApiError } from '@/lib/http/api-client';
import type { ProposalDetail } from '@/lib/review/get-proposal';
import { useDecisionKeys } from './use-decision-keys';

export type Mode = 'view' | 'approve' | 'edit' | 'reject';

type Props = {
  p: ProposalDetail;
  mode: Mode;
  setMode: (m: Mode) => void;
  /** The reason or note being typed: kept by the page, so it outlives the panel when someone else decides first. */
  text: string;
  setText: (text: string) => void;
  /** A decision is being sent (and, for "& next", the next proposal opened). */
  busy: boolean;
  error: unknown;
  /** Why the edited card cannot be approved yet: the live check is still running (with an approval waiting for it), or it found issues. */
  editBlocked: false | 'checking' | 'waiting' | 'issues';
  onDecide: (kind: 'approve' | 'reject', text: string, next: boolean) => void;
  /** A confirm pressed while the edited card is being checked: approve if the check of the text as typed passes. */
  onApproveWhenChecked: (text: string, next: boolean) => void;
  onRecurate: () => void;
  recurating: boolean;
  recurateError: unknown;
  onHelp: () => void;
  /** Why the caller may not give the approval that applies it (they wrote or first approved it), or null. */
  approveBlocked: string | null;
  /** This approval will be the first of two (the review policy): said before it is given. */
  waitsForSecond: boolean;
};

const BLOCKED_TEXT = {
  checking: 'Checking the edited card…',
  waiting: 'Checking the edited card… it will be approved if it passes.',
  issues: 'Fix the issues below to approve.',
} as const;

/** Approve / edit-then-approve / reject (reason required), "& next" variants, a/e/r + Ctrl+Enter; re-curate for stale ones. */
export function DecisionPanel({
  p,
  mode,
  setMode,
  text,
  setText,
  busy,
  error,
  editBlocked,
  onDecide,
  onApproveWhenChecked,
  onRecurate,
  recurating,
  recurateError,
  onHelp,
  approveBlocked,
  waitsForSecond,
}: Props) {
  // Set when a reject was attempted without a reason (then the missing reason is shown).
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const editable = p.status === 'PENDING' && !p.stale;
  // An edit starts a new first approval, so only the plain approval is refused to the first approver.
  const approvable = editable && !approveBlocked;
  const approving = mode === 'approve' || mode === 'edit';
  useEffect(() => {
    if (mode === 'approve' || mode === 'reject') box.current?.focus();
  }, [mode]);

  const reasonMissing = mode === 'reject' && !text.trim();
  // A proposal that turned stale (or was decided) while the panel was open can no longer be approved.
  const blocked =
    busy ||
    (mode === 'edit' && editBlocked !== false) ||
    (mode === 'approve' && !approvable) ||
    (approving && !editable);
  function decide(next: boolean) {
    if (mode === 'reject') {
      setTried(true);
      if (!text.trim()) return box.current?.focus();
      onDecide('reject', text.trim(), next);
    } else if (approving && !blocked) onDecide('approve', text.trim(), next);
    // Ctrl+Enter right after typing lands inside the check's debounce: wait for the check instead of doing nothing.
    else if (mode === 'edit' && editBlocked === 'checking' && editable && !busy)
      onApproveWhenChecked(text.trim(), next);
  }
  // Built every render: the key listener calls the latest ones (use-decision-keys.ts).
  useDecisionKeys({
    approve: approvable ? () => setMode('approve') : undefined,
    edit: editable ? () => setMode('edit') : undefined,
    reject: () => setMode('reject'),
    confirm: mode === 'view' ? undefined : () => decide(true),
    help: onHelp,
  });
  const conflict = error instanceof ApiError && error.status === 409;

  return (
    // Sticks below the console header (components/shell/app-shell.tsx: h-14 plus its 1px border), not under it.
    <section
      aria-label="Decision"
      aria-busy={busy}
      className="sticky top-[calc(3.5rem+1px)] z-10 space-y-3 rounded-lg bg-white p-4 shadow-md ring-1 ring-indigo-200"
      data-testid="decision-panel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={() => setMode('approve')}
          disabled={!approvable}
          title={approveBlocked ?? undefined}
          variant={mode === 'approve' ? 'primary' : 'secondary'}
          aria-keyshortcuts="a"
        >
          Approve <kbd className="text-xs opacity-70">a</kbd>
        </Button>
        <Button
          onClick={() => setMode('edit')}
          disabled={!editable}
          variant={mode === 'edit' ? 'primary' : 'secondary'}
          aria-keyshortcuts="e"
        >
          Edit, then approve <kbd className="text-xs opacity-70">e</kbd>
        </Button>
        <Button
          onClick={() => setMode('reject')}
          variant={mode === 'reject' ? 'danger' : 'secondary'}
          aria-keyshortcuts="r"
        >
          Reject <kbd className="text-xs opacity-70">r</kbd>
        </Button>
        {p.stale && p.status === 'PENDING' ? (
          <Button variant="secondary" onClick={onRecurate} disabled={recurating} data-testid="recurate">
            {recurating ? 'Re-curation queued…' : 'Re-curate against the current card'}
          </Button>
        ) : null}
        {mode !== 'view' ? (
          <Button variant="ghost" onClick={() => setMode('view')}>
            Cancel
          </Button>
        ) : null}
        <button type="button" className="ml-auto text-xs text-slate-600 hover:underline" onClick={onHelp}>
          ? keys
        </button>
      </div>
      {approveBlocked ? (
        <p className="text-sm text-slate-700" data-testid="approve-blocked">
          {approveBlocked}. You may still edit it (your edit becomes a new first approval) or reject it.
        </p>
      ) : null}
      {waitsForSecond && mode !== 'reject' ? (
        <p className="text-sm text-amber-800" data-testid="waits-for-second">
          The review policy requires a second reviewer for a reviewer&apos;s own words: your approval will wait for a
          different reviewer before the card enters the bank.
        </p>
      ) : null}
      {p.status === 'INVALID' ? (
        <p className="text-sm text-rose-700">
          This proposal failed validation when it was made, so it cannot be approved; reject it to clear it from the
          inbox.
        </p>
      ) : null}
      {mode !== 'view' ? (
        <div className="space-y-2">
          <label className="block text-sm font-medium text-slate-700" htmlFor="decision-text">
            {mode === 'reject' ? 'Reason (required)' : 'Note (optional)'}
          </label>
          <TextArea
            id="decision-text"
            ref={box}
            rows={2}
            value={text}
            aria-invalid={tried && reasonMissing}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && (e.target as HTMLTextAreaElement).blur()}
          />
          {tried && reasonMissing ? (
            <p role="alert" className="text-sm text-rose-700">
              A rejection needs a reason.
            </p>
          ) : null}
          {mode === 'reject' && p.stale ? (
            <button
              type="button"
              className="text-xs text-indigo-700 hover:underline"
              onClick={() =>
                setText(
                  `Stale: ${p.targets
                    .filter((t) => t.stale)
                    .map((t) => t.key)
                    .join(', ')} changed since this was proposed`,
                )
              }
            >
              Reject as stale
            </button>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={mode === 'reject' ? 'danger' : 'primary'}
              disabled={blocked}
              onClick={() => decide(false)}
              data-testid="confirm-decision"
            >
              {mode === 'reject' ? 'Reject' : mode === 'edit' ? 'Approve edited card' : 'Approve'}
            </Button>
            <Button
              variant="secondary"
              disabled={blocked}
              onClick={() => decide(true)}
              data-testid="confirm-decision-next"
            >
              {mode === 'reject' ? 'Reject & next' : 'Approve & next'}{' '}
              <kbd className="text-xs opacity-70">Ctrl+Enter</kbd>
            </Button>
            {busy ? (
              <span className="self-center text-sm text-slate-600" role="status" data-testid="decision-busy">
                <span
                  className="mr-1.5 inline-block size-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 align-[-1px]"
                  aria-hidden
                />
                {mode === 'reject' ? 'Rejecting…' : 'Approving…'}
              </span>
            ) : null}
            {mode === 'edit' && editBlocked && !busy ? (
              <span className="self-center text-xs text-slate-600" role="status" data-testid="edit-blocked">
                {BLOCKED_TEXT[editBlocked]}
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
      {conflict ? (
        <p
          role="alert"
          className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900 ring-1 ring-orange-300"
          data-testid="decision-conflict"
        >
          {(error as ApiError).message}
        </p>
      ) : (
        <ErrorMessage error={error} />
      )}
      <ErrorMessage error={recurateError} />
    </section>
  );
}

'use client';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { plural } from '@/lib/text/plural';
import { ConflictNotice } from './diagnosis-form-parts';
import type { Conflict } from './use-diagnosis-writes';

/** Where the diagnosis stands, in the words of the footer's status line (most pressing first). */
export function editorStatus(s: {
  /** Another annotator who holds the trajectory (the form is read-only). */
  heldBy?: string | null;
  submitting: boolean;
  conflict: boolean;
  saving: boolean;
  submitted: boolean;
  changed: boolean;
  revisionCount: number;
  saved: boolean;
  started: boolean;
}): string {
  // The footer is always on screen; the note about the claim may be scrolled away below a long checkpoint list.
  if (s.heldBy) return `Read-only: ${s.heldBy} is working on this trajectory`;
  if (s.submitting) return 'Submitting…';
  if (s.conflict) return 'Not saved: changed in another tab or window';
  if (s.saving) return 'Saving draft…';
  if (s.submitted && s.changed) return 'Edited: re-submit to keep the change (the earlier version is kept)';
  if (s.submitted) return `Submitted${s.revisionCount ? ` · ${plural(s.revisionCount, 'earlier version')}` : ''}`;
  if (s.saved) return 'Draft saved';
  return s.started ? 'Draft' : 'Not started';
}

/**
 * The diagnosis editor's submit bar: the workspace notice, a conflict with another
 * tab, save errors, why a submit was refused, the status line and the submit
 * button (which submits the form `formId` from outside it: the bar is portalled).
 */
export function DiagnosisEditorFooter({
  formId,
  notice,
  conflict,
  onLoadConflicting,
  saveError,
  problemLabels,
  otherProblem,
  status,
  submitted,
  disabled,
}: {
  formId: string;
  notice: string | null;
  conflict: Conflict | null;
  /** Drops this form's text for the version the other tab saved. */
  onLoadConflicting: () => void;
  saveError: unknown;
  /** Labels of the fields whose refusal is shown. */
  problemLabels: string[];
  otherProblem: string | null;
  status: string;
  submitted: boolean;
  disabled: boolean;
}) {
  return (
    <div data-testid="diagnosis-footer" className="space-y-1.5 border-t border-slate-200 px-4 py-2">
      {notice ? (
        <p
          role="status"
          data-testid="workspace-notice"
          className="rounded bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      {conflict ? <ConflictNotice conflict={conflict} onLoad={onLoadConflicting} /> : null}
      {!conflict && saveError ? <ErrorMessage error={saveError} /> : null}
      {otherProblem || problemLabels.length ? (
        <p
          role="alert"
          data-testid="diagnosis-refused"
          className="rounded bg-rose-50 px-2 py-1 text-xs text-rose-800 ring-1 ring-rose-200"
        >
          Not submitted{problemLabels.length ? `: check ${problemLabels.join(', ')}` : ''}
          {otherProblem ? `${problemLabels.length ? '. ' : ': '}${otherProblem}` : '.'}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <span role="status" data-testid="diagnosis-status" className="text-xs text-slate-600">
          {status}
        </span>
        <Button type="submit" form={formId} disabled={disabled}>
          {submitted ? 'Re-submit & next' : 'Submit & next'}{' '}
          <kbd className="rounded bg-black/20 px-1 font-mono text-[11px]">Ctrl+↵</kbd>
        </Button>
      </div>
    </div>
  );
}

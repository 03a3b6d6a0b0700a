'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';

/**
 * A small modal asking for a reason (skip: optional; evaluator artefact: required). Enter sends, Shift+Enter
 * starts a new line, Esc closes. The text is kept while the page is open, so closing by mistake or a refused
 * send loses nothing; it is cleared only once a send succeeded (`onSent`).
 */
export function ReasonDialog({
  open,
  title,
  description,
  label,
  required,
  submitLabel,
  pending,
  error,
  testId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  label: string;
  required: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  testId: string;
  onSubmit: (reason: string, onSent: () => void) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      field.current?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  const send = () => {
    if (pending) return;
    if (required && !reason.trim()) return setMissing(true);
    setMissing(false);
    onSubmit(reason, () => setReason(''));
  };
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className="m-auto rounded-lg p-0 shadow-xl backdrop:bg-slate-900/30"
    >
      <form
        className="w-[460px] max-w-[90vw] p-5"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
        <label className="mt-3 block text-sm font-medium text-slate-700">
          {label}
          {required ? '' : ' (optional)'}
          <textarea
            ref={field}
            value={reason}
            rows={3}
            maxLength={required ? 4000 : 1000}
            aria-invalid={missing || undefined}
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                send();
              }
            }}
            className="mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500"
          />
        </label>
        {missing ? (
          <p role="alert" className="mt-1 text-sm text-rose-700">
            A reason is required.
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-500">Enter sends · Shift+Enter new line · Esc cancels</p>
        <div className="mt-2">
          <ErrorMessage error={error} />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

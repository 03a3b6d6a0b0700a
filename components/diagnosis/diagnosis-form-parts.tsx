'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { FormField } from './form-problems';
import type { Conflict } from './use-diagnosis-writes';

/** Another tab or window changed this diagnosis: load its version, or keep this one (sent over it). */
export function ConflictNotice({ conflict, onLoad }: { conflict: Conflict; onLoad: () => void }) {
  return (
    <div role="alert" data-testid="diagnosis-conflict" className="space-y-1.5 rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-300">
      <p>{conflict.message}</p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={onLoad}>
          Load that version
        </Button>
        {conflict.reason === 'CHANGED_ELSEWHERE' ? (
          <Button type="button" variant="secondary" onClick={conflict.retry}>
            Keep mine
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled field with its own refusal underneath, linked by aria-describedby. */
export function FormRow({
  label,
  field,
  formId,
  problem,
  htmlFor,
  children,
  after,
}: {
  label: string;
  field: FormField;
  formId: string;
  problem?: string;
  htmlFor?: string;
  children: ReactNode;
  /** Shown under the refusal (help that must not push the refusal away from its field). */
  after?: ReactNode;
}) {
  return (
    <div data-testid={`field-${field}`}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {problem ? (
        <p id={`${formId}-${field}-error`} data-testid={`field-error-${field}`} className="mt-1 text-xs font-medium text-rose-700">
          {label}: {problem}
        </p>
      ) : null}
      {after}
    </div>
  );
}

'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';
import type { FormField } from './form-problems';
import type { Conflict } from './use-diagnosis-writes';

/** Another tab or window changed this diagnosis: load its version, or keep this one (sent over it). */
export function ConflictNotice({ conflict, onLoad }: { conflict: Conflict; onLoad: () => void }) {
  return (
    <div
      role="alert"
      data-testid="diagnosis-conflict"
      className="space-y-1.5 rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-300"
    >
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
        <p
          id={`${formId}-${field}-error`}
          data-testid={`field-error-${field}`}
          className="mt-1 text-xs font-medium text-rose-700"
        >
          {label}: {problem}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** After `c`: the first nine categories with the digit that picks each. */
export function CategoryKeys({ categories }: { categories: FailureCategoryView[] }) {
  return (
    <ol
      data-testid="category-keys"
      aria-label="Category keys"
      className="mt-1 grid grid-cols-1 gap-x-3 rounded-md bg-indigo-50 p-2 text-xs text-indigo-900 ring-1 ring-indigo-200 sm:grid-cols-2"
    >
      {categories.slice(0, 9).map((c, i) => (
        <li key={c.id}>
          <kbd className="font-mono font-semibold">{i + 1}</kbd> {c.label}
        </li>
      ))}
    </ol>
  );
}

/** The confidence menu's choices: none, or 1 (unsure) to 5 (certain). */
export function ConfidenceOptions() {
  return (
    <>
      <option value="">—</option>
      {[1, 2, 3, 4, 5].map((n) => (
        <option key={n} value={n}>
          {n} {n === 1 ? '(unsure)' : n === 5 ? '(certain)' : ''}
        </option>
      ))}
    </>
  );
}

'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import { SubmitButton } from './button';
import { ErrorMessage } from './error-message';

/**
 * A side-panel "create" form (new user, new category…): posts the form's
 * fields as JSON (`toBody` when the body is not the fields as they are),
 * shows the server's error or a success notice, resets on success.
 */
export function CreateForm<TResult>({
  label,
  url,
  toBody = (data) => Object.fromEntries(data),
  notice,
  onCreated,
  submitLabel,
  pendingLabel,
  children,
}: {
  label: string;
  url: string;
  toBody?: (data: FormData) => unknown;
  notice: (result: TResult) => string;
  onCreated: () => void;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: unknown) => apiFetch<TResult>(url, { method: 'POST', json: body }),
    onSuccess: (result) => {
      setDone(notice(result));
      onCreated();
    },
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setDone(null);
    create.mutate(toBody(new FormData(form)), { onSuccess: () => form.reset() });
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-label={label}
      className="max-w-xl space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="font-medium">{label}</h2>
      {children}
      <ErrorMessage error={create.error} />
      {done ? (
        <p role="status" className="text-sm text-emerald-700">
          {done}
        </p>
      ) : null}
      <SubmitButton pending={create.isPending} busyLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * A list edited in place with its "create" form beside it (below it on narrow screens).
 * The list column is minmax(0, …): a grid column otherwise grows to its table's full width, and on a
 * phone the whole page scrolled sideways instead of the table inside its own box.
 */
export function WithCreateForm({ form, children }: { form: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_320px]">
      {children}
      {form}
    </div>
  );
}

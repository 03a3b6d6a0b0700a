import Link from 'next/link';
import type { ComponentProps, ReactNode } from 'react';
import { Field, TextInput } from './field';

const PANEL = 'gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200';

/**
 * The panel every list's filters sit in. `grid` (two columns, more from
 * `className`, e.g. `sm:grid-cols-4 lg:grid-cols-7`) for filters that apply at
 * once; `row` (wrapping, bottom-aligned) for GET forms with an Apply button.
 * A `<form>` unless `asDiv` (filters that are not a form today stay so).
 */
export function FilterBar({
  layout = 'grid',
  asDiv = false,
  className = '',
  children,
  ...form
}: ComponentProps<'form'> & { layout?: 'grid' | 'row'; asDiv?: boolean }) {
  const cls = `${layout === 'grid' ? 'grid grid-cols-2' : 'flex flex-wrap items-end'} ${PANEL} ${className}`.trim();
  if (asDiv) return <div className={cls}>{children}</div>;
  return (
    <form {...form} className={cls}>
      {children}
    </form>
  );
}

/** Submit + "Clear filters" of a GET filter form (the filters live in the URL; clearing is a link to the bare page). */
export function ApplyFilters({
  clearHref,
  filtered,
  submitLabel = 'Apply',
  clearLabel = 'Clear filters',
}: {
  clearHref: string;
  filtered: boolean;
  submitLabel?: ReactNode;
  clearLabel?: ReactNode;
}) {
  return (
    <>
      <button
        type="submit"
        className="h-8 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
      >
        {submitLabel}
      </button>
      {filtered ? (
        <Link href={clearHref} className="px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">
          {clearLabel}
        </Link>
      ) : null}
    </>
  );
}

/** The `from` / `to` date fields of a GET filter form (ISO days; either may be empty). */
export function DateRangeFields({
  labels,
  from,
  to,
}: {
  labels: readonly [from: string, to: string];
  from?: string;
  to?: string;
}) {
  return (
    <>
      <Field label={labels[0]}>
        <TextInput type="date" name="from" defaultValue={from ?? ''} />
      </Field>
      <Field label={labels[1]}>
        <TextInput type="date" name="to" defaultValue={to ?? ''} />
      </Field>
    </>
  );
}

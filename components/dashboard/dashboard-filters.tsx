import Link from 'next/link';
import { Field, Select, TextInput } from '@/components/ui/field';
import type { DashboardFilters as Filters } from '@/lib/dashboard/filter-schema';
import type { DashboardOptions } from '@/lib/dashboard/load-dashboard';

/** A plain GET form: the dashboard's filters live in the URL (shareable; drill-down links keep them). */
export function DashboardFilters({ options, filters, action = '/dashboard' }: { options: DashboardOptions; filters: Filters; action?: string }) {
  const menus = [
    { name: 'benchmark', label: 'Benchmark', values: options.benchmarks, current: filters.benchmark },
    { name: 'ability', label: 'Ability', values: options.abilities, current: filters.ability },
    { name: 'model', label: 'Model', values: options.models, current: filters.model },
  ];
  const any = Object.values(filters).some(Boolean);
  return (
    <form method="get" action={action} aria-label="Dashboard filters" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      {menus.map((m) => (
        <div key={m.name} className="min-w-44">
          <Field label={m.label}>
            <Select name={m.name} defaultValue={m.current ?? ''}>
              <option value="">All</option>
              {m.values.map((v) => (
                <option key={v} value={v}>{v}</option>
              ))}
            </Select>
          </Field>
        </div>
      ))}
      <Field label="Imported from">
        <TextInput type="date" name="from" defaultValue={filters.from ?? ''} />
      </Field>
      <Field label="to">
        <TextInput type="date" name="to" defaultValue={filters.to ?? ''} />
      </Field>
      <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500">Apply</button>
      {any ? <Link href={action} className="px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">Clear filters</Link> : null}
    </form>
  );
}

import Link from 'next/link';
import { Field, TextInput } from '@/components/ui/field';
import { FilterMenus, type FilterMenu } from '@/components/ui/filter-menus';
import type { SearchFilterOptions } from '@/lib/search/search-options';
import type { SearchQuery } from '@/lib/search/search-query';

const SOURCES = ['AGENT', 'USER', 'ENVIRONMENT', 'VERIFIER'];
const TYPES = ['MESSAGE', 'TOOL_CALL', 'OBSERVATION', 'NOTIFICATION', 'FINAL'];

/** A plain GET form: the search lives in the URL (shareable, back button works, Enter submits). */
export function SearchForm({ query, options }: { query: SearchQuery; options: SearchFilterOptions }) {
  const menus: FilterMenu[] = [
    { name: 'source', label: 'Source', values: SOURCES, current: query.source, enumLabels: true },
    { name: 'type', label: 'Event type', values: TYPES, current: query.type, enumLabels: true },
    { name: 'outcome', label: 'Outcome', values: ['passed', 'failed'], current: query.outcome },
    { name: 'model', label: 'Model', values: options.models, current: query.model },
    { name: 'benchmark', label: 'Benchmark', values: options.benchmarks, current: query.benchmark },
  ];
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label="Search transcripts"
      className="mb-4 space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Words or phrase" className="min-w-80 flex-1">
          <TextInput
            type="search"
            name="q"
            defaultValue={query.q ?? ''}
            placeholder='e.g. cancel "full refund"'
            autoFocus
          />
        </Field>
        <Field label="Tool (App.function)" className="min-w-64">
          <TextInput name="tool" defaultValue={query.tool ?? ''} placeholder="e.g. Calendar.create_event" />
        </Field>
        <button
          type="submit"
          className="h-8 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
        >
          Search
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterMenus menus={menus} any="Any" fieldClassName="min-w-40" />
        <label className="flex items-center gap-2 pb-1.5 text-sm text-slate-700">
          <input
            type="checkbox"
            name="checkpointFailed"
            value="1"
            defaultChecked={query.checkpointFailed}
            className="rounded border-slate-300"
          />
          Has a failed checkpoint
        </label>
        {query.q || query.tool ? (
          <Link href="/search" className="px-2 py-1.5 text-sm text-slate-600 underline hover:text-slate-900">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { LeakList } from '@/components/retrieval/leak-list';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { pageChange } from '@/components/ui/url-filter-query';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import { apiFetch } from '@/lib/http/api-client';
import type { LeakagePage } from '@/lib/releases/leakage-audit';
import { plural } from '@/lib/text/plural';

const PAGE_SIZE = 25;

/**
 * Runs every held-out task's retrieval against the chosen bank and lists each leak with its provenance path.
 * The bank and the page live in the URL (`?release=current&page=2`, the page checked by the page):
 * Back from a trajectory returns to them, and a link shows the same audit.
 */
export function LeakageAuditView({ releases }: { releases: string[] }) {
  const { params, setParams } = useUrlFilters();
  const release = params.get('release') || (releases[0] ?? 'current');
  const page = Number(params.get('page') ?? 1);
  const report = useQuery({
    queryKey: ['leakage', release, page],
    queryFn: () =>
      apiFetch<LeakagePage>(
        `/api/leakage?${new URLSearchParams({ release, page: String(page), pageSize: String(PAGE_SIZE) })}`,
      ),
    placeholderData: (previous) => previous,
  });
  const r = report.data;
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Bank
        <Select
          value={release}
          onChange={(e) => setParams({ release: e.target.value })}
          className="!mt-0 !w-auto"
          aria-label="Bank to audit"
        >
          <option value="current">Current (live)</option>
          {releases.map((n) => (
            <option key={n} value={n}>
              Release {n}
            </option>
          ))}
        </Select>
      </label>
      <ErrorMessage error={report.error} />
      {report.isPending ? <p className="text-sm text-slate-600">Auditing held-out tasks…</p> : null}
      {r ? (
        r.heldOutTasks === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
            No task is marked held-out, so nothing can leak. Mark evaluation tasks with{' '}
            <code>split: &quot;heldout&quot;</code> in the import.
          </p>
        ) : r.total === 0 ? (
          <p className="rounded bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200">
            No leaks: none of the {r.heldOutTasks} held-out tasks retrieves a card built from itself ({r.release}).
          </p>
        ) : (
          <section role="alert" className="space-y-2">
            <p className="text-sm font-medium text-amber-900">
              {plural(r.total, 'leak')} across {r.leakingTasks} of {plural(r.heldOutTasks, 'held-out task')} (
              {r.release}).
            </p>
            <LeakList leaks={r.items} showTask />
            <Pager of={r} noun="leak" onPage={(to) => setParams(pageChange(to, r), { keepPage: true })} />
          </section>
        )
      ) : null}
    </div>
  );
}

'use client';

import { LeakList } from '@/components/retrieval/leak-list';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { useServerList } from '@/components/ui/use-server-list';
import type { LeakagePage } from '@/lib/releases/leakage-audit';
import { plural } from '@/lib/text/plural';

const PAGE_SIZE = 25;

/**
 * Runs every held-out task's retrieval against the chosen bank and lists each leak with its provenance path.
 * The bank and the page live in the URL (`?release=current&page=2`, the page checked by the page):
 * Back from a trajectory returns to them, and a link shows the same audit.
 */
export function LeakageAuditView({ releases }: { releases: string[] }) {
  const releaseOf = (params: URLSearchParams) => params.get('release') || (releases[0] ?? 'current');
  const serverList = useServerList<LeakagePage>({
    key: ['leakage'],
    endpoint: '/api/leakage',
    apiQuery: (params) =>
      new URLSearchParams({
        release: releaseOf(params),
        page: String(Number(params.get('page') ?? 1)),
        pageSize: String(PAGE_SIZE),
      }).toString(),
  });
  const { params, setParams, list: report, data: r, toPage } = serverList;
  const release = releaseOf(params);
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
            <Pager of={r} noun="leak" onPage={toPage} />
          </section>
        )
      ) : null}
    </div>
  );
}

import Link from 'next/link';
import { OutcomeBadge } from '@/components/contrast/outcome-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPager } from '@/components/ui/link-pager';
import type { Page } from '@/lib/http/pagination';
import type { DrillTrajectory } from '@/lib/dashboard/list-trajectories';

/** The trajectories behind a dashboard point. */
export function DrillTrajectories({ page, params }: { page: Page<DrillTrajectory>; params: Record<string, string> }) {
  if (!page.items.length) return <EmptyState title="No trajectory matches">Go back to the dashboard and pick another point.</EmptyState>;
  return (
    <div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid="drill-trajectories">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {['Task', 'Ability', 'Model', 'Round', 'Outcome', 'Failed checkpoints', 'Imported'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.items.map((t) => (
              <tr key={t.id}>
                <td className="px-3 py-2"><Link href={`/trajectories/${t.id}`} className="text-indigo-700 underline">{t.task.benchmark} · {t.task.externalId}</Link></td>
                <td className="px-3 py-2">{t.task.ability ?? '—'}</td>
                <td className="px-3 py-2">{t.model}</td>
                <td className="px-3 py-2">{t.memoryRelease ?? 'R0'}</td>
                <td className="px-3 py-2"><OutcomeBadge passed={t.passed} /></td>
                <td className="px-3 py-2 tabular-nums">{t.failedCount}</td>
                <td className="px-3 py-2 text-slate-500">{t.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LinkPager label="Trajectory pages" noun={['trajectory', 'trajectories']} total={page.total} page={page.page} pageCount={page.pageCount} path="/dashboard/trajectories" params={params} />
    </div>
  );
}

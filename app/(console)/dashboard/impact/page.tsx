import Link from 'next/link';
import { ImpactTable } from '@/components/cards/impact-table';
import { DashboardFilters } from '@/components/dashboard/dashboard-filters';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { listPage } from '@/components/shell/list-page';
import { filterParams } from '@/lib/dashboard/filter-schema';
import { dashboardOptions } from '@/lib/dashboard/load-dashboard';
import { impactQuerySchema, listCardImpact } from '@/lib/dashboard/read-card-impact';

export const metadata = { title: 'Card impact' };

export default listPage({
  permission: 'dashboard:read',
  schema: impactQuerySchema,
  load: async (actor, { query }) => {
    const [options, table] = await Promise.all([dashboardOptions(actor), listCardImpact(actor, query)]);
    return { options, table };
  },
  path: '/dashboard/impact',
  render: ({ options, table }, { query }) => {
    const { sort, ...filters } = query;
    const sortLink = (s: 'helpful' | 'harmful') => (
      <Link
        href={`/dashboard/impact?${filterParams(filters, { sort: s })}`}
        aria-current={sort === s ? 'true' : undefined}
        className={`rounded-md px-2 py-1 text-sm ${sort === s ? 'bg-indigo-50 font-medium text-indigo-700' : 'text-slate-600 hover:bg-slate-100'}`}
      >
        Most {s} first
      </Link>
    );
    return (
      <>
        <PageHeader
          title="Card impact"
          description="For each card and release: checkpoint pass rate of the trajectories it was injected into (memory.card_ids) against same-ability trajectories of the same models without it. Retire cards that hurt."
          actions={
            <>
              {sortLink('helpful')}
              {sortLink('harmful')}
            </>
          }
        />
        <DashboardFilters options={options} filters={filters} action="/dashboard/impact" />
        {table.rows.length ? (
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <ImpactTable rows={table.rows} minCheckpoints={table.minCheckpoints} showCard />
          </div>
        ) : Object.values(filters).some(Boolean) ? (
          // Not "none imported": there may be injections outside these filters.
          <EmptyState title="No card injections match these filters">
            Widen or clear the filters to see the cards injected into other runs.
          </EmptyState>
        ) : (
          <EmptyState title="No card injections imported">
            Trajectories whose memory.card_ids name cards appear here once imported.
          </EmptyState>
        )}
      </>
    );
  },
});

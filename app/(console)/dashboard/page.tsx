import Link from 'next/link';
import { DashboardAgreement } from '@/components/agreement/dashboard-agreement';
import { RegressionHeadline } from '@/components/compare/regression-headline';
import { DashboardFilters } from '@/components/dashboard/dashboard-filters';
import { DashboardLive } from '@/components/dashboard/dashboard-live';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { InvalidFilters } from '@/components/dashboard/invalid-filters';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { newestReleaseRegressions } from '@/lib/compare/newest-release-regressions';
import { dashboardFilterSchema } from '@/lib/dashboard/filter-schema';
import { dashboardOptions, loadDashboard } from '@/lib/dashboard/load-dashboard';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { searchParamsRecord } from '@/lib/http/pagination';
import { checkPageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Dashboard' };

const header = (canCompare: boolean) => (
  <PageHeader
    title="Dashboard"
    description="Whether the memory works: pass rates across rounds, card impact, diagnosis coverage, curation, review and bank growth."
    actions={
      canCompare ? (
        <Link href="/compare" className="text-sm font-medium text-indigo-700 hover:underline">
          Compare two arms
        </Link>
      ) : null
    }
  />
);

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('dashboard:read');
  const raw = searchParamsRecord(await searchParams);
  const parsed = checkPageQuery(dashboardFilterSchema, raw);
  if (!parsed.ok) {
    // As the API answers 400: the problems and no figures. The form keeps what was asked for, to correct it.
    const asked = {
      benchmark: raw.benchmark,
      ability: raw.ability,
      model: raw.model,
      agent: raw.agent,
      nullAgent: raw.nullAgent === '1' || undefined,
      from: raw.from,
      to: raw.to,
    };
    return (
      <>
        {header(can(actor.role, 'compare:read'))}
        <DashboardFilters options={await dashboardOptions(actor)} filters={asked} />
        <InvalidFilters raw={raw} problems={parsed.problems} />
      </>
    );
  }
  const filters = parsed.query;
  // Agreement figures name annotators: only roles that read everyone's diagnoses see them.
  const agreementScope = { benchmark: filters.benchmark, ability: filters.ability };
  const [options, data, agreement, regressions] = await Promise.all([
    dashboardOptions(actor),
    loadDashboard(actor, filters),
    can(actor.role, 'diagnosis:read-all') ? getAgreementFigures(actor, agreementScope) : null,
    // Scoped like the agreement figures: the report it links to takes benchmark and ability.
    newestReleaseRegressions(actor, agreementScope),
  ]);
  const anyFilter = Object.values(filters).some(Boolean);
  return (
    <>
      {header(can(actor.role, 'compare:read'))}
      <DashboardLive />
      <DashboardFilters options={options} filters={filters} />
      {regressions ? <RegressionHeadline headline={regressions} scope={agreementScope} /> : null}
      {data.trajectoryCount === 0 && data.passRates.notStarted === 0 && !anyFilter ? (
        <EmptyState title="No trajectories yet">
          {can(actor.role, 'import:run')
            ? 'Import benchmark results under Imports (or with npm run import) to see pass rates here.'
            : 'Figures appear once a researcher or admin imports trajectories.'}
        </EmptyState>
      ) : (
        <DashboardView data={data} worksQueue={can(actor.role, 'queue:work')} />
      )}
      {agreement && data.trajectoryCount > 0 ? <DashboardAgreement {...agreementScope} initial={agreement} /> : null}
    </>
  );
}

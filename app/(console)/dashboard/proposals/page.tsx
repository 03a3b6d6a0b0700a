import { DrillProposals } from '@/components/dashboard/drill-proposals';
import { DrillHeader } from '@/components/dashboard/drill-list';
import { listPage } from '@/components/shell/list-page';
import { dashboardHref } from '@/lib/dashboard/filter-schema';
import { listDrillProposals, proposalDrillSchema } from '@/lib/review/list-proposals';

export const metadata = { title: 'Dashboard · proposals' };

const DESCRIBED = ['operation', 'week', 'bank', 'rule', 'decision', 'ability', 'from', 'to'];

export default listPage({
  permission: 'dashboard:read',
  schema: proposalDrillSchema,
  load: (actor, { raw }) => listDrillProposals(actor, raw),
  path: '/dashboard/proposals',
  render: (page, { raw, query }) => (
    <>
      <DrillHeader
        title="Proposals"
        described={DESCRIBED.map((k) => raw[k] && `${k} ${raw[k]}`)
          .filter(Boolean)
          .join(' · ')}
        all="All proposals"
        back={dashboardHref(query)}
      />
      <DrillProposals page={page} params={raw} />
    </>
  ),
});

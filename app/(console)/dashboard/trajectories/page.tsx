import { DrillTrajectories } from '@/components/dashboard/drill-trajectories';
import { DrillHeader } from '@/components/dashboard/drill-list';
import { listPage } from '@/components/shell/list-page';
import { dashboardHref } from '@/lib/dashboard/filter-schema';
import { listDrillTrajectories, trajectoryDrillSchema } from '@/lib/dashboard/list-trajectories';

export const metadata = { title: 'Dashboard · trajectories' };

export default listPage({
  permission: 'dashboard:read',
  schema: trajectoryDrillSchema,
  load: (actor, { raw }) => listDrillTrajectories(actor, raw),
  path: '/dashboard/trajectories',
  render: (page, { raw }) => {
    const q = page.query;
    const described = [
      q.benchmark,
      q.ability ?? (q.nullAbility ? 'no ability' : null),
      q.model,
      q.agent ? `agent ${q.agent}` : q.nullAgent ? 'no agent' : null,
      q.release && `round ${q.release}`,
      q.outcome,
      q.checkpointFailed && 'with a failed checkpoint',
      q.card && `injected with ${q.card}`,
      q.from && `from ${q.from}`,
      q.to && `to ${q.to}`,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <>
        <DrillHeader title="Trajectories" described={described} all="All trajectories" back={dashboardHref(q)} />
        <DrillTrajectories page={page} params={raw} />
      </>
    );
  },
});

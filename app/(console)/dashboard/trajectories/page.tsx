import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { DrillTrajectories } from '@/components/dashboard/drill-trajectories';
import { DrillHeader } from '@/components/dashboard/drill-list';
import { requirePageActor } from '@/lib/users/current-actor';
import { dashboardHref } from '@/lib/dashboard/filter-schema';
import { listDrillTrajectories, trajectoryDrillSchema } from '@/lib/dashboard/list-trajectories';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Dashboard · trajectories' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('dashboard:read');
  const parsed = await parsePageQuery(trajectoryDrillSchema, searchParams);
  if (!parsed.ok)
    return <InvalidLinkNotice path="/dashboard/trajectories" raw={parsed.raw} problems={parsed.problems} />;
  const { raw } = parsed;
  const page = await listDrillTrajectories(actor, raw);
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
}

import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { DrillProposals } from '@/components/dashboard/drill-proposals';
import { DrillHeader } from '@/components/dashboard/drill-list';
import { requirePageActor } from '@/lib/users/current-actor';
import { dashboardHref } from '@/lib/dashboard/filter-schema';
import { listDrillProposals, proposalDrillSchema } from '@/lib/review/list-proposals';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Dashboard · proposals' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('dashboard:read');
  const parsed = await parsePageQuery(proposalDrillSchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/dashboard/proposals" raw={parsed.raw} problems={parsed.problems} />;
  const { raw, query } = parsed;
  const page = await listDrillProposals(actor, raw);
  const described = ['operation', 'week', 'bank', 'rule', 'decision', 'ability', 'from', 'to']
    .map((k) => raw[k] && `${k} ${raw[k]}`)
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <DrillHeader title="Proposals" described={described} all="All proposals" back={dashboardHref(query)} />
      <DrillProposals page={page} params={raw} />
    </>
  );
}

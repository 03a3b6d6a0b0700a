import { Suspense } from 'react';
import { LeakageAuditView } from '@/components/releases/leakage-audit-view';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { pageQuerySchema } from '@/lib/http/pagination';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listReleases } from '@/lib/releases/read-release';

export const metadata = { title: 'Leakage audit' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('retrieval:preview');
  // The bank and the page are in the URL: a page number the API would refuse says why here.
  const parsed = await parsePageQuery(pageQuerySchema.pick({ page: true }), searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/leakage" raw={parsed.raw} problems={parsed.problems} />;
  const releases = await listReleases(actor);
  return (
    <>
      <PageHeader
        title="Leakage audit"
        description="Held-out tasks must not retrieve cards whose provenance (runs, diagnoses, trajectories of any version) includes that same task."
      />
      <Suspense>
        <LeakageAuditView releases={releases.map((r) => r.name)} />
      </Suspense>
    </>
  );
}

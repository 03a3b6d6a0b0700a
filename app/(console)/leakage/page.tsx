import { LeakageAuditView } from '@/components/releases/leakage-audit-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { listReleases } from '@/lib/releases/read-release';

export const metadata = { title: 'Leakage audit' };

export default async function Page() {
  const actor = await requirePageActor('retrieval:preview');
  const releases = await listReleases(actor);
  return (
    <>
      <PageHeader title="Leakage audit" description="Held-out tasks must not retrieve cards whose provenance (runs, diagnoses, trajectories of any version) includes that same task." />
      <LeakageAuditView releases={releases.map((r) => r.name)} />
    </>
  );
}

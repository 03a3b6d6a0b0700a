import { Suspense } from 'react';
import { LeakageAuditView } from '@/components/releases/leakage-audit-view';
import { listPage } from '@/components/shell/list-page';
import { pageQuerySchema } from '@/lib/http/pagination';
import { listReleases } from '@/lib/releases/read-release';

export const metadata = { title: 'Leakage audit' };

export default listPage({
  permission: 'retrieval:preview',
  // The bank and the page are in the URL: a page number the API would refuse says why here.
  schema: pageQuerySchema.pick({ page: true }),
  load: (actor) => listReleases(actor),
  path: '/leakage',
  title: 'Leakage audit',
  description:
    'Held-out tasks must not retrieve cards whose provenance (runs, diagnoses, trajectories of any version) includes that same task.',
  render: (releases) => (
    <Suspense>
      <LeakageAuditView releases={releases.map((r) => r.name)} />
    </Suspense>
  ),
});

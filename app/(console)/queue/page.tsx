import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Queue' };

export default async function Page() {
  await requirePageActor('queue:work');
  return (
    <>
      <PageHeader title="Queue" />
      <EmptyState title="Not available yet">Failed trajectories will appear here once trajectories with checkpoint results are imported.</EmptyState>
    </>
  );
}

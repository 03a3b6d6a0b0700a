import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Tasks' };

export default async function Page() {
  await requirePageActor('trajectory:read');
  return (
    <>
      <PageHeader title="Tasks" />
      <EmptyState title="Not available yet">Import benchmark results to see tasks and their trajectories grouped by model.</EmptyState>
    </>
  );
}

import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Dashboard' };

export default async function Page() {
  await requirePageActor('dashboard:read');
  return (
    <>
      <PageHeader title="Dashboard" />
      <EmptyState title="Not available yet">Pass rates, diagnosis coverage and bank growth will appear here once trajectories are imported.</EmptyState>
    </>
  );
}

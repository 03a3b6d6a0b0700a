import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Reviews' };

export default async function Page() {
  await requirePageActor('proposal:read');
  return (
    <>
      <PageHeader title="Reviews" />
      <EmptyState title="Not available yet">Proposed card edits from reflection runs will wait here for a reviewer.</EmptyState>
    </>
  );
}

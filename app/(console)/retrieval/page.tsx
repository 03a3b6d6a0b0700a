import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Retrieval preview' };

export default async function Page() {
  await requirePageActor('retrieval:preview');
  return (
    <>
      <PageHeader title="Retrieval preview" />
      <EmptyState title="Not available yet">You will enter a task to see what an agent would retrieve.</EmptyState>
    </>
  );
}

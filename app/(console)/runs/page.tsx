import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Reflection runs' };

export default async function Page() {
  await requirePageActor('reflection:read');
  return (
    <>
      <PageHeader title="Reflection runs" />
      <EmptyState title="Not available yet">Runs started from the contrast page of a task will appear here with their inputs and outputs.</EmptyState>
    </>
  );
}

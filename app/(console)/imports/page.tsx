import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Imports' };

export default async function Page() {
  await requirePageActor('import:run');
  return (
    <>
      <PageHeader title="Imports" />
      <EmptyState title="Not available yet">Uploads and CLI imports will appear here with their reports.</EmptyState>
    </>
  );
}

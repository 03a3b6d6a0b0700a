import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';

export const metadata = { title: 'Cards' };

export default async function Page() {
  await requirePageActor('cards:read');
  return (
    <>
      <PageHeader title="Cards" />
      <EmptyState title="Not available yet">Approved skill and function cards will appear here with their versions and provenance.</EmptyState>
    </>
  );
}

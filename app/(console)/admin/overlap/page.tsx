import { OverlapAdmin } from '@/components/admin/overlap-admin';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { listOverlapSettings } from '@/lib/queue/overlap';

export const metadata = { title: 'Annotator overlap' };

export default async function OverlapPage() {
  const actor = await requirePageActor('admin:settings');
  return (
    <>
      <PageHeader
        title="Annotator overlap"
        description="How many different annotators diagnose each failed checkpoint, per benchmark or ability (default 1)."
      />
      <OverlapAdmin initial={await listOverlapSettings(actor)} />
    </>
  );
}

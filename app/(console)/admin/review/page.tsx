import { ReviewSettingsForm } from '@/components/admin/review-settings-form';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { getReviewSettings } from '@/lib/review/review-settings';

export const metadata = { title: 'Review policy' };

export default async function ReviewSettingsPage() {
  const actor = await requirePageActor('admin:settings');
  return (
    <>
      <PageHeader title="Review policy" description="Who must approve a card before it enters the bank." />
      <ReviewSettingsForm initial={await getReviewSettings(actor)} />
    </>
  );
}

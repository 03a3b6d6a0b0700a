import { ReviewSettingsForm } from '@/components/admin/review-settings-form';
import { loadedPage } from '@/components/shell/loaded-page';
import { getReviewSettings } from '@/lib/review/review-settings';

export const metadata = { title: 'Review policy' };

export default loadedPage({
  permission: 'admin:settings',
  load: getReviewSettings,
  title: 'Review policy',
  description: 'Who must approve a card before it enters the bank.',
  render: (settings) => <ReviewSettingsForm initial={settings} />,
});

import { OverlapAdmin } from '@/components/admin/overlap-admin';
import { loadedPage } from '@/components/shell/loaded-page';
import { listOverlapSettings } from '@/lib/queue/overlap';

export const metadata = { title: 'Annotator overlap' };

export default loadedPage({
  permission: 'admin:settings',
  load: listOverlapSettings,
  title: 'Annotator overlap',
  description: 'How many different annotators diagnose each failed checkpoint, per benchmark or ability (default 1).',
  render: (settings) => <OverlapAdmin initial={settings} />,
});

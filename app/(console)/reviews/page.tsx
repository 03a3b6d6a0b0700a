import { ReviewInbox } from '@/components/reviews/review-inbox';
import { listPage, UrlList } from '@/components/shell/list-page';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { listProposals, proposalListQuerySchema } from '@/lib/review/list-proposals';

export const metadata = { title: 'Reviews' };

export default listPage({
  permission: 'proposal:read',
  schema: proposalListQuerySchema,
  alsoChecked: [cursorQuerySchema],
  load: (actor, { raw }) => listProposals(actor, raw),
  path: '/reviews',
  title: 'Reviews',
  description: 'Proposed card edits wait here; nothing enters the bank until a reviewer approves it.',
  // The inbox reads its filters from the URL; it is told which query string the first page answers.
  render: (initial, { raw }) => <UrlList list={ReviewInbox} initial={initial} raw={raw} />,
});

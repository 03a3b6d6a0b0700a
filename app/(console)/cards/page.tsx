import { CardBank } from '@/components/cards/card-bank';
import { listPage, UrlList } from '@/components/shell/list-page';
import { cardListQuerySchema, listCards } from '@/lib/cards/list-cards';

export const metadata = { title: 'Cards' };

export default listPage({
  permission: 'cards:read',
  schema: cardListQuerySchema,
  load: (actor, { raw }) => listCards(actor, raw),
  path: '/cards',
  title: 'Cards',
  description: 'The bank: skill cards per ability and the global function cards, with versions and provenance.',
  render: (initial, { raw }) => <UrlList list={CardBank} initial={initial} raw={raw} />,
});

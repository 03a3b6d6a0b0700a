import { apiRoute } from '@/lib/http/route';
import { getCard } from '@/lib/cards/get-card';
import { renderCardRuntimeText } from '@/lib/retrieval/render';

/** A card by id or key (URL-encoded `skill::skill_ab12`): current version, runtime text, versions list. */
export const GET = apiRoute<{ cardId: string }>('cards:read', async ({ actor, params }) => ({
  card: await getCard(actor, params.cardId, renderCardRuntimeText),
}));

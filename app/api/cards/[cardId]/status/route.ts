import { setCardStatus } from '@/lib/cards/set-card-status';
import { apiRoute, readJson } from '@/lib/http/route';

/** { status: ACTIVE | RETIRED, note } — retire or reactivate. */
export const POST = apiRoute<{ cardId: string }>('proposal:review', async ({ req, actor, params }) =>
  setCardStatus(actor, params.cardId, await readJson(req)),
);

import { rollbackCard } from '@/lib/cards/rollback-card';
import { apiRoute, readJson } from '@/lib/http/route';

/** { versionNumber, note } → the new version that restores it. */
export const POST = apiRoute<{ cardId: string }>('proposal:review', async ({ req, actor, params }) => ({
  version: await rollbackCard(actor, params.cardId, await readJson(req)),
}));

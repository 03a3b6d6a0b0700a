import { apiRoute, readJson } from '@/lib/http/route';
import { updateFailureCategory } from '@/lib/taxonomy/failure-taxonomy';

export const PATCH = apiRoute<{ id: string }>('taxonomy:edit', async ({ req, actor, params }) => ({
  category: await updateFailureCategory(actor, params.id, await readJson(req)),
}));

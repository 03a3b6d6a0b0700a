import { apiRoute, readJson } from '@/lib/http/route';
import { assignItem } from '@/lib/queue/assign-claim';

export const POST = apiRoute('queue:assign', async ({ req, actor }) => assignItem(actor, await readJson(req)));

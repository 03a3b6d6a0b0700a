import { apiRoute, readJson } from '@/lib/http/route';
import { releaseItem } from '@/lib/queue/assign-claim';

export const POST = apiRoute('queue:work', async ({ req, actor }) => releaseItem(actor, await readJson(req)));

import { apiRoute, readJson } from '@/lib/http/route';
import { skipItem } from '@/lib/queue/skip-item';

export const POST = apiRoute('queue:work', async ({ req, actor }) => skipItem(actor, await readJson(req)));

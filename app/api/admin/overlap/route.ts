import { apiRoute, readJson } from '@/lib/http/route';
import { listOverlapSettings, setOverlap } from '@/lib/queue/overlap';

export const GET = apiRoute('admin:settings', async ({ actor }) => listOverlapSettings(actor));

// { benchmark, ability?, k }: k = 1 on the whole benchmark removes the setting.
export const PUT = apiRoute('admin:settings', async ({ req, actor }) => ({
  setting: await setOverlap(actor, await readJson(req)),
}));

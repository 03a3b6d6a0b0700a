import { apiRoute, readJson } from '@/lib/http/route';
import { claimNext } from '@/lib/queue/claim-next';

// Filters come in the body (the same names as the list's query parameters).
export const POST = apiRoute('queue:work', async ({ req, actor }) => {
  const claimed = await claimNext(actor, (await readJson(req)) as Record<string, unknown>);
  return { trajectoryId: claimed?.trajectoryId ?? null };
});

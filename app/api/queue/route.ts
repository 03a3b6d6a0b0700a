import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listQueue } from '@/lib/queue/list-queue';
import { annotatorProgress } from '@/lib/queue/progress';

export const GET = apiRoute('queue:work', async ({ req, actor }) => {
  const query = searchParamsRecord(req.nextUrl.searchParams);
  const [list, progress] = await Promise.all([listQueue(actor, query), annotatorProgress(actor, query)]);
  return { ...list, progress };
});

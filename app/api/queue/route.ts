import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listQueue } from '@/lib/queue/list-queue';
import { doneToday, progressFrom } from '@/lib/queue/progress';

export const GET = apiRoute('queue:work', async ({ req, actor }) => {
  const query = searchParamsRecord(req.nextUrl.searchParams);
  // Progress is derived from the list's counts: no second pass over the queue.
  const [list, done] = await Promise.all([listQueue(actor, query), doneToday(actor)]);
  return { ...list, progress: progressFrom(list.counts, done) };
});

import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listQueue } from '@/lib/queue/list-queue';

/** One page of the queue with its counts and the caller's progress. */
export const GET = apiRoute('queue:work', async ({ req, actor }) =>
  listQueue(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

import { apiRoute } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { getRunSummaries } from '@/lib/reflection/run-status';

/** Live status for polling: ?ids=a,b | ?taskId= | ?batchId= (newest first). */
export const GET = apiRoute('reflection:read', async ({ req, actor }) => ({
  runs: await getRunSummaries(actor, searchParamsRecord(req.nextUrl.searchParams)),
}));

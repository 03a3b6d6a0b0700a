import { apiRoute } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listProposals } from '@/lib/review/list-proposals';

/** The review inbox: ?status=&kind=&ability=&operation=&taskId=&runId=&valid=&stale=&page=&pageSize= (newest first, with counts). */
export const GET = apiRoute('proposal:read', async ({ req, actor }) =>
  listProposals(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

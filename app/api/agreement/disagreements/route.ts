import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listDisagreements } from '@/lib/diagnosis/list-disagreements';

// ?status=open|adjudicated|all&benchmark=&ability=&page=&pageSize=
export const GET = apiRoute('diagnosis:read-all', async ({ req, actor }) =>
  listDisagreements(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

import { searchParamsRecord } from '@/lib/http/pagination';
import { listCardImpact } from '@/lib/dashboard/read-card-impact';
import { apiRoute } from '@/lib/http/route';

// GET /api/dashboard/impact?sort=helpful|harmful&benchmark=&ability=&model=&from=&to=
export const GET = apiRoute('dashboard:read', async ({ req, actor }) =>
  listCardImpact(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

import { loadDashboard } from '@/lib/dashboard/load-dashboard';
import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';

// GET /api/dashboard?benchmark=&ability=&model=&agent=&from=YYYY-MM-DD&to=YYYY-MM-DD: every dashboard figure.
export const GET = apiRoute('dashboard:read', async ({ req, actor }) =>
  loadDashboard(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

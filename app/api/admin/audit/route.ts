import { listAuditEntries } from '@/lib/admin/list-audit';
import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';

// GET /api/admin/audit?actorId=&action=&entityType=&entityId=&from=&to=&page=&pageSize=
export const GET = apiRoute('audit:read', async ({ req, actor }) =>
  listAuditEntries(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

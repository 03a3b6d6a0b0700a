import { compareArms } from '@/lib/compare/compare-arms';
import { exportComparison } from '@/lib/compare/export-comparison';
import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/compare?a=<arm>&b=<arm>&benchmark=&ability=&task=: the paired report as JSON;
 * `&format=md|csv` (or json) answers it as a download instead.
 */
export const GET = apiRoute('compare:read', async ({ req, actor }) => {
  const query = searchParamsRecord(req.nextUrl.searchParams);
  // An empty format= is no format: the JSON answer, not an unknown parameter.
  const { format, ...rest } = query;
  if (!format) return compareArms(actor, rest);
  const file = await exportComparison(actor, query);
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
  });
});

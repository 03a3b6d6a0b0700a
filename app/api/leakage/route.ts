import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { auditLeakagePage } from '@/lib/releases/leakage-audit';

export const dynamic = 'force-dynamic';

/** One page (`?page=&pageSize=`) of every held-out task's leaks against `?release=` (a name or "current"; default the newest release), with counts and each leak's provenance path. */
export const GET = apiRoute('retrieval:preview', async ({ req, actor }) => {
  const { release, ...rest } = searchParamsRecord(req.nextUrl.searchParams);
  return auditLeakagePage(actor, { ...rest, release: release || undefined });
});

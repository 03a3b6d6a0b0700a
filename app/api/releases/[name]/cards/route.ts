import { apiRoute } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listReleaseCards } from '@/lib/releases/list-release-cards';

export const dynamic = 'force-dynamic';

/** One page of a release's cards: `?q=&kind=&ability=&page=&pageSize=` (by key). */
export const GET = apiRoute<{ name: string }>('cards:read', async ({ req, actor, params }) =>
  listReleaseCards(actor, decodeURIComponent(params.name), searchParamsRecord(req.nextUrl.searchParams)),
);

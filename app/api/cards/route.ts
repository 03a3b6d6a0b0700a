import { apiRoute } from '@/lib/http/route';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listCards } from '@/lib/cards/list-cards';

/** The bank: ?kind=&ability=&app=&tag=&status=&q=&sort=&page=&pageSize= → list rows + per-bank counts and size. */
export const GET = apiRoute('cards:read', async ({ req, actor }) =>
  listCards(actor, searchParamsRecord(req.nextUrl.searchParams)),
);

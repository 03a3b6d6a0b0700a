import { apiRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** Authenticated no-op with the same permission as /api/retrieve: the baseline of `npm run bench:retrieval`. */
export const POST = apiRoute('retrieval:query', async () => ({ ok: true }));

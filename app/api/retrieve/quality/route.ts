import { apiRoute } from '@/lib/http/route';
import { measureRetrievalQuality } from '@/lib/retrieval/measure-quality';

export const dynamic = 'force-dynamic';

/** Recall, precision, MRR and nDCG of a bank (?release=NAME or current) against every stored label. */
export const GET = apiRoute('retrieval:preview', async ({ req, actor }) =>
  measureRetrievalQuality(actor, Object.fromEntries(req.nextUrl.searchParams)),
);

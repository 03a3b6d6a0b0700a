import { apiRoute, readJson } from '@/lib/http/route';
import { createFailureCategory, listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

// ?all=1 includes retired categories (admins only).
export const GET = apiRoute('trajectory:read', async ({ req, actor }) => ({
  categories: await listFailureCategories(actor, { includeInactive: req.nextUrl.searchParams.get('all') === '1' }),
}));

export const POST = apiRoute('taxonomy:edit', async ({ req, actor }) => ({ category: await createFailureCategory(actor, await readJson(req)) }));

import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute, readJson } from '@/lib/http/route';
import { createFailureCategory, listFailureCategories, taxonomyListQuerySchema } from '@/lib/taxonomy/failure-taxonomy';

// ?all=1 includes retired categories (admins only).
export const GET = apiRoute('trajectory:read', async ({ req, actor }) => {
  const { all } = taxonomyListQuerySchema.parse(searchParamsRecord(req.nextUrl.searchParams));
  return { categories: await listFailureCategories(actor, { includeInactive: all === '1' }) };
});

export const POST = apiRoute('taxonomy:edit', async ({ req, actor }) => ({
  category: await createFailureCategory(actor, await readJson(req)),
}));

import type { z } from 'zod';
import { searchParamsRecord } from '@/lib/http/pagination';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page's query string, parsed: `raw` (every parameter as one string,
 * for links that keep them), `query` (the schema's defaults when it does not
 * parse, so the page still renders) and `parsed` (to show what was wrong).
 */
export async function parsePageQuery<S extends z.ZodType>(schema: S, searchParams: SearchParams) {
  const raw = searchParamsRecord(await searchParams);
  const parsed = schema.safeParse(raw);
  const query: z.output<S> = parsed.success ? parsed.data : schema.parse({});
  return { raw, parsed, query };
}

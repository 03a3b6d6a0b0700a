import { z } from 'zod';

/** Shared list paging: `?page=1&pageSize=50`, 1-based, capped. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

export function toPrismaPage(q: PageQuery): { skip: number; take: number } {
  return { skip: (q.page - 1) * q.pageSize, take: q.pageSize };
}

export function pageOf<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)) };
}

/** Parses URLSearchParams (or a Next searchParams object) into a plain record for zod. */
export function searchParamsRecord(params: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    params.forEach((v, k) => (out[k] = v));
  } else {
    for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = Array.isArray(v) ? v[0] : v;
  }
  return out;
}

import { AppError } from '@/lib/errors';

/**
 * PostgreSQL text cannot hold NUL (U+0000): a value carrying one failed deep in
 * a query as a 500. The API refuses it at the boundary instead, naming where it
 * is. (Imports replace it: their content is agents' output, see lib/import/pg-store.ts.)
 */
const NUL = '\u0000';

/** Where the first NUL in `value` is, as a dotted path under `path` ("body.whatWentWrong"), or null. */
export function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  // A query string may repeat a parameter: every value is looked at.
  const entries = value instanceof URLSearchParams ? [...value.entries()] : Object.entries(value);
  for (const [key, v] of entries) {
    const at = `${path}.${key.replaceAll(NUL, '\\u0000')}`;
    if (key.includes(NUL)) return at;
    const inside = findNul(v, at);
    if (inside) return inside;
  }
  return null;
}

/** Refuses a request whose path parameters, query string (URLSearchParams) or JSON body (as `parts`) hold a NUL. */
export function assertNoNul(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const at = findNul(value, part);
    if (at)
      throw new AppError(
        'VALIDATION',
        `${at} contains a NUL character (\\u0000), which cannot be stored or searched: remove it`,
        [{ path: at, message: 'contains a NUL character (\\u0000)' }],
      );
  }
}

import { extendZodWithOpenApi, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

/** The pieces every part of the OpenAPI document (lib/openapi/document.ts) describes its paths with. */
// The registry names components through `.openapi()`, which this adds to
// zod's prototype; schemas built before (on import) get it through a clone.
extendZodWithOpenApi(z);

export const named = <T extends z.ZodType>(r: OpenAPIRegistry, name: string, schema: T) =>
  r.register(name, schema.meta({}) as T);

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string().optional(), message: z.string() })),
    reason: z.string().optional().describe('Machine-readable sub-code, e.g. DATABASE_BUSY'),
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .describe('When to try again (429, 503); also the Retry-After header'),
  }),
});

export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const errors = {
  400: json(errorSchema, 'Invalid request: the message names each field and what is wrong'),
  401: json(errorSchema, 'No or unknown token'),
  403: json(errorSchema, 'The token’s role lacks the permission'),
  503: json(
    errorSchema,
    'The database was busy (a deadlock, a lock or statement timeout, no free connection): nothing was applied; retry after the Retry-After seconds',
  ),
};

/** The shape of every paged list answer (lib/http/pagination.ts `Page`). */
export const pageOfSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int().describe('At least 1; a page past the end answers no items'),
  });

/**
 * Compiles only when A (a documented schema's type) and B (what the API sends) are the same type,
 * both ways: the document may neither promise a field the API does not send nor miss one it does.
 */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameShape = <A, B>(same: SameShape<A, B>): void => void same;

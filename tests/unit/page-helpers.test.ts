import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { orNotFound } from '@/lib/pages/or-not-found';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

describe('loading a detail page that may name nothing', () => {
  it('gives the loaded value through', async () => {
    expect(await orNotFound(Promise.resolve({ id: 'c1' }))).toEqual({ id: 'c1' });
  });

  it('turns "not found" into null, so the page shows its own not-found state', async () => {
    expect(await orNotFound(Promise.reject(new AppError('NOT_FOUND', 'No such card')))).toBeNull();
  });

  it('lets every other failure through to the error boundary', async () => {
    await expect(orNotFound(Promise.reject(new AppError('FORBIDDEN', 'No')))).rejects.toThrow('No');
    await expect(orNotFound(Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  });

  it('treats an id that does not parse as missing only when asked to', async () => {
    const bad = () => Promise.reject(new z.ZodError([]));
    expect(await orNotFound(bad(), { malformedIsMissing: true })).toBeNull();
    await expect(orNotFound(bad())).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe("a list page's query string", () => {
  const schema = z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().optional() });

  it('parses good parameters and keeps them all as strings for links', async () => {
    const { raw, parsed, query } = await parsePageQuery(schema, Promise.resolve({ page: '3', q: 'refund', extra: ['a', 'b'] }));
    expect(parsed.success).toBe(true);
    expect(query).toEqual({ page: 3, q: 'refund' });
    expect(raw.page).toBe('3');
  });

  it('falls back to the defaults on a bad parameter and still says what was wrong', async () => {
    const { parsed, query } = await parsePageQuery(schema, Promise.resolve({ page: 'zero' }));
    expect(parsed.success).toBe(false);
    expect(query).toEqual({ page: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { orNotFound } from '@/lib/pages/or-not-found';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { pageQuerySchema } from '@/lib/http/pagination';
import { checkPageQuery, describeLinkProblem, firstPageHref, parsePageQuery } from '@/lib/pages/parse-page-query';

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

/** Each parameter a parse refused, with how the page words the problem; [] when it parsed. */
const refused = (parsed: ReturnType<typeof checkPageQuery>) =>
  parsed.ok ? [] : parsed.problems.map((p) => [p.param, describeLinkProblem(p)]);

describe("a list page's query string", () => {
  const schema = pageQuerySchema.extend({ q: z.string().optional() });

  it('parses good parameters and keeps them all as strings for links', async () => {
    const parsed = await parsePageQuery(schema, Promise.resolve({ page: '3', q: 'refund', extra: ['a', 'b'] }));
    expect(parsed.ok && parsed.query).toEqual({ page: 3, pageSize: 50, q: 'refund' });
    expect(parsed.raw.page).toBe('3');
  });

  it('refuses a page number that is not one, naming the parameter, instead of falling back to page 1', async () => {
    const parsed = await parsePageQuery(schema, Promise.resolve({ page: 'abc', q: 'refund' }));
    expect(refused(parsed)).toEqual([
      ['page', 'The link\'s "page" parameter must be a whole number from 1 to 1,000,000 (got "abc").'],
    ]);
  });

  it('refuses a negative page size', () => {
    const parsed = checkPageQuery(schema, { pageSize: '-3' });
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.param)).toEqual(['pageSize']);
  });

  it('checks the cursor with the same schema the API uses, and says a garbage cursor is not a position', () => {
    const parsed = checkPageQuery(schema, { after: 'garbage!' }, cursorQuerySchema);
    expect(refused(parsed)).toEqual([
      [
        'after',
        'The link\'s "after" parameter is not a list position from this list (use the cursor a previous page returned).',
      ],
    ]);
  });

  it("leads back to the list's first page with the filters that were fine", () => {
    const raw = { q: 'refund', status: 'bogus', page: '4', after: 'x', pageSize: '20' };
    expect(firstPageHref('/reviews', raw, [{ param: 'status', message: 'bad' }])).toBe('/reviews?q=refund&pageSize=20');
    expect(firstPageHref('/runs', { page: 'abc' }, [{ param: 'page', message: 'bad' }])).toBe('/runs');
  });
});

describe('a link refused by two schemas of one list', () => {
  it('names a parameter both refuse alike only once', () => {
    const parsed = checkPageQuery(pageQuerySchema.extend(cursorQuerySchema.shape), { cursor: 'x' }, cursorQuerySchema);
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.param)).toEqual(['cursor']);
  });
});

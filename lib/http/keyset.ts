import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { pageCountOf, pageOf, type Page, type PageQuery } from '@/lib/http/pagination';

/**
 * Keyset (cursor) paging for lists ordered by (createdAt, id). OFFSET makes
 * page 500 read and throw away 12,475 index entries; a cursor names the row a
 * page ended at (`after`) or started at (`before`), so every page is one index
 * range scan of pageSize rows. The cursor is opaque to clients: base64url of
 * `<ISO time>~<id>`. `page` stays in the URL for "page x of y"; a link with a
 * page but no cursor (typed, bookmarked) falls back to OFFSET.
 */
export type Cursor = { at: string; id: string };

/** A row's position; `createdAt` as a Date or as the ISO text toISOString writes (read as text from SQL). */
type Position = { createdAt: Date | string; id: string };

export function encodeCursor(row: Position): string {
  const at = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${at}~${row.id}`).toString('base64url');
}

const NOT_A_POSITION = 'is not a list position from this list (use the cursor a previous page returned)';

/**
 * One cursor query parameter: base64url text that `decode` turns into a list
 * position, or refuses (undefined) with an error naming the parameter. Lists
 * with another order than (createdAt, id) bring their own decode (e.g. the task
 * list, lib/tasks/task-cursor.ts).
 */
export function cursorParam<C>(decode: (text: string) => C | undefined, maxLength = 400) {
  return z
    .string()
    .max(maxLength)
    .optional()
    .transform((raw, ctx): C | undefined => {
      if (!raw) return undefined;
      // Node's decoder skips characters outside the alphabet; a cursor must be exactly what a page returned.
      const bytes = Buffer.from(raw, 'base64url');
      const position = bytes.toString('base64url') === raw ? decode(bytes.toString('utf8')) : undefined;
      if (position === undefined) {
        ctx.addIssue({ code: 'custom', message: NOT_A_POSITION });
        return z.NEVER;
      }
      return position;
    });
}

/** A page is read after one position or before one, never both: `.refine(oneCursorOnly.check, oneCursorOnly.params)`. */
export const oneCursorOnly = {
  check: (c: { after?: unknown; before?: unknown }) => !(c.after && c.before),
  params: { message: 'give either after or before, not both', path: ['before'] },
};

/**
 * `cursor=` is not a parameter of the keyset lists; unknown parameters are
 * otherwise ignored, so a client guessing that name would silently get page 1.
 * Spread into a list's query schema to refuse it by name.
 */
export const noCursorParam = {
  cursor: z
    .undefined({
      error:
        'is not a parameter of this list: send a `cursors` value of the previous page as after=… (next page) or before=… (previous page)',
    })
    .optional(),
};

/** The time as encodeCursor writes it (full ISO, UTC, milliseconds): anything else Date.parse accepts ("1", "2020-01-01") is not a position. */
const isCursorTime = (at: string) => !Number.isNaN(Date.parse(at)) && new Date(at).toISOString() === at;

const cursor = cursorParam((text): Cursor | undefined => {
  const [at, id, ...rest] = text.split('~');
  return rest.length || !id || !isCursorTime(at) ? undefined : { at, id };
});

export const cursorQuerySchema = z
  .object({ after: cursor, before: cursor, ...noCursorParam })
  .refine(oneCursorOnly.check, oneCursorOnly.params);
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/**
 * The condition and ORDER BY for one keyset page over `alias` ("createdAt", id)
 * in `order`. A `before` page is read in reverse (nearest rows first) and must
 * be flipped back with `inListOrder`.
 *
 * `leading` puts a column the list is filtered to one value of in front (order
 * and cursor), so that an index starting with that column serves the page as
 * one range scan (see queueOrderColumn in lib/queue/queue-filters.ts).
 */
export function keysetPage(
  alias: string,
  order: 'asc' | 'desc',
  c: CursorQuery,
  leading?: { column: Prisma.Sql; value: string },
): { where: Prisma.Sql | null; orderBy: Prisma.Sql; reversed: boolean } {
  const t = Prisma.raw(`${alias}."createdAt"`);
  const id = Prisma.raw(`${alias}.id`);
  const reversed = !!c.before;
  const forward = (order === 'asc') !== reversed;
  const dir = Prisma.raw(forward ? 'ASC' : 'DESC');
  const orderBy = leading
    ? Prisma.sql`${leading.column} ${dir}, ${t} ${dir}, ${id} ${dir}`
    : Prisma.sql`${t} ${dir}, ${id} ${dir}`;
  const at = c.after ?? c.before;
  if (!at) return { where: null, orderBy, reversed };
  // Timestamps are stored as UTC without a zone; the cast drops the ISO string's "Z" (PostgreSQL ignores it).
  const columns = leading ? Prisma.sql`(${leading.column}, ${t}, ${id})` : Prisma.sql`(${t}, ${id})`;
  const position = leading
    ? Prisma.sql`(${leading.value}, ${at.at}::timestamp(3), ${at.id})`
    : Prisma.sql`(${at.at}::timestamp(3), ${at.id})`;
  const where = forward ? Prisma.sql`${columns} > ${position}` : Prisma.sql`${columns} < ${position}`;
  return { where, orderBy, reversed };
}

export function inListOrder<T>(rows: T[], reversed: boolean): T[] {
  return reversed ? [...rows].reverse() : rows;
}

/** The positions a keyset page hands out: of its last row (the next page reads `after` it) and of its first (`before`). */
export type PageCursors = { after: string | null; before: string | null };

/**
 * One page of a keyset list: its items, the page count and the cursors around its rows. A page
 * number past the page count is past the end even when the cursor found rows (`?page=9999&after=…`:
 * a hand-edited or stale link): the cursor says where the rows are, but the number would label
 * them "Page 9,999 of 3" and Previous would step to page 9,998. Relabelling them would need a
 * count of every row before the cursor, as deep a scan as the OFFSET the cursor avoids; so the
 * page is what a page number past the end is without a cursor: no rows (and no cursors, so the
 * pager's way to the last page goes there by number), with the total and the page count.
 * `cursors`: the list's own (cursorsOf, or the task list's taskCursorsOf).
 */
export function keysetPageOf<R, T>(
  rows: R[],
  total: number,
  q: PageQuery,
  toItem: (row: R) => T,
  cursors: (rows: R[]) => PageCursors,
): Page<T> & { cursors: PageCursors } {
  const shown = q.page > pageCountOf(total, q.pageSize) ? [] : rows;
  return { ...pageOf(shown.map(toItem), total, q), cursors: cursors(shown) };
}

/** Cursors for the pages around `rows` (in list order): null at either end of what was read. */
export function cursorsOf(rows: Position[]): PageCursors {
  return {
    after: rows.length ? encodeCursor(rows[rows.length - 1]) : null,
    before: rows.length ? encodeCursor(rows[0]) : null,
  };
}

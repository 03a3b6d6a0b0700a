import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { containsPattern, queryRows } from '@/lib/db/sql';
import { notFound } from '@/lib/errors';
import type { EventView } from './list-events';

/** Enough to walk through with n/N; a query matching more is asked to be narrowed. */
export const FIND_LIMIT = 1000;
const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

export const findEventsSchema = z.object({
  q: z
    .string({ error: 'the text to find (q) is required' })
    .refine((q) => q.trim().length > 0, 'the text to find (q) is empty')
    .refine((q) => q.length <= 200, 'the text to find (q) is longer than 200 characters'),
});

export type EventMatch = Pick<EventView, 'position' | 'source' | 'type' | 'tool'> & {
  /** Where the text was found: the event's content, its tool-call arguments, or its tool name. */
  field: 'content' | 'arguments' | 'tool';
  /** The text around the first match in that field (a few dozen characters either side). */
  snippet: string;
  /** Where the match starts in the snippet, so the page can mark it without searching again. */
  at: number;
};

type Row = Omit<EventMatch, 'at'> & { at: number; total: number };

/**
 * Every event of a trajectory whose content, arguments or tool name contains
 * `q` (case-insensitive, literally): the timeline is virtualised and loads in
 * windows, so the browser's find never sees most events; this asks the
 * database instead, in position order, up to FIND_LIMIT matches with the total.
 */
export async function findEvents(actor: Actor, trajectoryId: string, input: Record<string, unknown>) {
  requirePermission(actor, 'trajectory:read');
  const { q } = findEventsSchema.parse(input);
  const pattern = containsPattern(q);
  const needle = q.toLowerCase();
  const rows = await queryRows<Row>(Prisma.sql`
    WITH hits AS (
      SELECT e.position, e.source::text AS source, e.type::text AS type, e.tool,
             CASE WHEN e.content ILIKE ${pattern} THEN 'content'
                  WHEN e.arguments::text ILIKE ${pattern} THEN 'arguments'
                  ELSE 'tool' END AS field,
             CASE WHEN e.content ILIKE ${pattern} THEN e.content
                  WHEN e.arguments::text ILIKE ${pattern} THEN e.arguments::text
                  ELSE e.tool END AS body
      FROM "Event" e
      WHERE e."trajectoryId" = ${trajectoryId}
        AND (e.content ILIKE ${pattern} OR e.arguments::text ILIKE ${pattern} OR e.tool ILIKE ${pattern})
    ), placed AS (
      SELECT position, source, type, tool, field, body,
             greatest(1, strpos(lower(body), ${needle}) - ${SNIPPET_BEFORE}::int) AS start,
             strpos(lower(body), ${needle}) AS hit,
             count(*) OVER ()::int AS total
      FROM hits
    )
    SELECT position, source, type, tool, field, total,
           substr(body, start, ${SNIPPET_LENGTH}::int) AS snippet, greatest(0, hit - start) AS at
    FROM placed
    ORDER BY position
    LIMIT ${FIND_LIMIT}::int`);
  if (!rows.length) {
    const [t] = await queryRows<{ id: string }>(Prisma.sql`SELECT id FROM "Trajectory" WHERE id = ${trajectoryId}`);
    if (!t) throw notFound('Trajectory');
    return { query: q, total: 0, matches: [] as EventMatch[] };
  }
  const matches = rows.map(({ total: _total, ...m }) => m);
  return { query: q, total: rows[0].total, matches };
}

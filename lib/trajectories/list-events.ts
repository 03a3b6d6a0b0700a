import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { queryRows } from '@/lib/db/sql';
import { notFound } from '@/lib/errors';

// Windows keep payloads small on 5,000-event trajectories; the timeline asks
// for the windows around what is on screen.
export const EVENT_WINDOW_MAX = 500;

export const eventWindowSchema = z.object({
  // Bounded so that offset + limit stays a PostgreSQL int (a larger one is a 400, not a failed statement).
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(EVENT_WINDOW_MAX).default(200),
});

export type EventView = {
  position: number;
  source: 'AGENT' | 'USER' | 'ENVIRONMENT' | 'VERIFIER';
  type: 'MESSAGE' | 'TOOL_CALL' | 'OBSERVATION' | 'NOTIFICATION' | 'FINAL';
  tool: string | null;
  arguments: unknown;
  callId: string | null;
  content: string | null;
  error: boolean;
  /** The content's full length when the import kept only its head and tail (lib/import/cut-large-content.ts). */
  contentCut: number | null;
};

// The trajectory row always comes back (its event count is the window's
// total); an empty window is one row with a null position.
type WindowRow = { total: number } & ({ [K in keyof EventView]: EventView[K] } | { [K in keyof EventView]: null });

/**
 * One window of a trajectory's events, by position: the trajectory's event
 * count and the window's events in one prepared statement on the read pool
 * (lib/db/sql.ts). The timeline asks for a window per scroll stop, so the window
 * costs one round trip, planned once per connection, not two statements planned
 * on every call and decoded by Prisma's query engine (docs/benchmarks.md, API lists).
 */
export async function listEvents(actor: Actor, trajectoryId: string, input: Record<string, unknown>) {
  requirePermission(actor, 'trajectory:read');
  const { offset, limit } = eventWindowSchema.parse(input);
  const rows = await queryRows<WindowRow>(Prisma.sql`
    SELECT t."eventCount" AS total, e.position, e.source::text AS source, e.type::text AS type,
           e.tool, e.arguments, e."callId", e.content, e.error, e."contentCut"
    FROM "Trajectory" t
    LEFT JOIN LATERAL (
      SELECT position, source, type, tool, arguments, "callId", content, error,
             (metadata->'content_cut'->>'full_length')::int AS "contentCut"
      FROM "Event"
      WHERE "trajectoryId" = t.id AND position >= ${offset}::int AND position < ${offset + limit}::int
      ORDER BY position
    ) e ON true
    WHERE t.id = ${trajectoryId}`);
  if (!rows.length) throw notFound('Trajectory');
  const events = rows.flatMap(({ total: _total, ...event }) => (event.position === null ? [] : [event as EventView]));
  return { offset, limit, total: rows[0].total, events };
}

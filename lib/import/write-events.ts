import { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import type { NativeRecord } from './native-schema';

/** One event row ready for the database (positions already assigned). */
export type EventRow = { trajectoryId: string; position: number; event: NativeRecord['events'][number] };

// jsonb rejects the \u0000 escape; replace it the way content NULs are replaced.
const json = (v: unknown) => (v == null ? null : JSON.stringify(v).replace(/\\u0000/g, '\\ufffd'));

/**
 * The one fast path for event rows, used by every import: a single multi-row
 * INSERT … SELECT FROM unnest(arrays) per batch. Prisma's createMany sends one
 * bound parameter per cell; a 100-event trajectory × 200 records would be ~200k
 * parameters, which is both slow and over PostgreSQL's 65535 limit. Eleven
 * array parameters carry any number of rows.
 *
 * Event ids are derived from the (new, unique) trajectory id and the position,
 * so no id generation round trip is needed.
 */
export async function insertEventRows(tx: Tx, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  const n = rows.length;
  const ids = new Array<string>(n);
  const trajectoryIds = new Array<string>(n);
  const positions = new Array<number>(n);
  const sources = new Array<string>(n);
  const types = new Array<string>(n);
  const tools = new Array<string | null>(n);
  const args = new Array<string | null>(n);
  const callIds = new Array<string | null>(n);
  const contents = new Array<string | null>(n);
  const errors = new Array<boolean>(n);
  const metadata = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const { trajectoryId, position, event: e } = rows[i];
    ids[i] = `${trajectoryId}e${position}`;
    trajectoryIds[i] = trajectoryId;
    positions[i] = position;
    sources[i] = e.source.toUpperCase();
    types[i] = e.type.toUpperCase();
    tools[i] = e.tool ?? null;
    args[i] = json(e.arguments);
    callIds[i] = e.call_id ?? null;
    // PostgreSQL text cannot hold NUL; agents' tool output occasionally does.
    contents[i] =
      e.content == null ? null : e.content.includes('\u0000') ? e.content.replace(/\u0000/g, '\uFFFD') : e.content;
    errors[i] = e.error ?? false;
    metadata[i] = json(e.metadata);
  }
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "Event" ("id", "trajectoryId", "position", "source", "type", "tool", "arguments", "callId", "content", "error", "metadata")
    SELECT id, tid, pos, src::"EventSource", typ::"EventType", tool, args::jsonb, cid, content, err, meta::jsonb
    FROM unnest(
      ${ids}::text[], ${trajectoryIds}::text[], ${positions}::int[], ${sources}::text[], ${types}::text[],
      ${tools}::text[], ${args}::text[], ${callIds}::text[], ${contents}::text[], ${errors}::boolean[], ${metadata}::text[]
    ) AS t(id, tid, pos, src, typ, tool, args, cid, content, err, meta)`);
}

import { z } from 'zod';
import { cursorParam } from '@/lib/http/keyset';

/**
 * A position in the task list: the row a page ended at (`after`) or started
 * at (`before`). The list is ordered by benchmark (most recently imported
 * first), then ability (tasks without one last), then natural task id; a task
 * is unique by (benchmark, externalId), so these three name one row. The
 * benchmark's place in the list is looked up when the next page is read, so a
 * cursor stays valid when an import moves its benchmark to the top.
 *
 * Opaque to clients: base64url of a JSON triple (task ids may hold any character).
 */
export type TaskCursor = { benchmark: string; ability: string | null; externalId: string };

const triple = z.tuple([z.string().min(1), z.string().nullable(), z.string().min(1)]);

export function encodeTaskCursor(row: TaskCursor): string {
  return Buffer.from(JSON.stringify([row.benchmark, row.ability, row.externalId])).toString('base64url');
}

function decodeTaskCursor(text: string): TaskCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const r = triple.safeParse(parsed);
  return r.success ? { benchmark: r.data[0], ability: r.data[1], externalId: r.data[2] } : undefined;
}

// Benchmark names and task ids come from imports; leave room for long ones.
export const taskCursorParam = cursorParam(decodeTaskCursor, 4000);

/** Cursors for the pages around `rows` (in list order): null when the page is empty. */
export function taskCursorsOf(rows: TaskCursor[]): { after: string | null; before: string | null } {
  return rows.length
    ? { after: encodeTaskCursor(rows[rows.length - 1]), before: encodeTaskCursor(rows[0]) }
    : { after: null, before: null };
}

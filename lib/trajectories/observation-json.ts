/**
 * Reading event text that is JSON: some models wrap every message as
 * `{"message": "…"}`, and most tool observations are JSON objects or lists.
 * Pure functions, shared by the timeline and its tests.
 */

/** Above this, an observation is not parsed for the tree (the raw view stays; see long-text.tsx). */
export const JSON_TREE_MAX_CHARS = 200_000;

/** The inner text of a message sent as `{"message": "…"}` (that key alone), else null. */
export function unwrapMessage(text: string | null | undefined): string | null {
  const t = text?.trim();
  if (!t || t[0] !== '{' || !t.includes('"message"')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const keys = Object.keys(v);
    const inner = (v as Record<string, unknown>).message;
    return keys.length === 1 && typeof inner === 'string' ? inner : null;
  } catch {
    return null;
  }
}

/** An observation's content as an object or a list, when it is one (a JSON scalar is shown as text). */
export function parseJsonObservation(text: string | null | undefined): object | null {
  const t = text?.trim();
  if (!t || t.length > JSON_TREE_MAX_CHARS || (t[0] !== '{' && t[0] !== '[')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** What a checkpoint names, to mark in an observation: argument names and the expected values (as text). */
export type FieldMarks = { keys: ReadonlySet<string>; values: ReadonlySet<string> };

export const NO_MARKS: FieldMarks = { keys: new Set(), values: new Set() };

/** The marks for an expected call's arguments: every key at any depth, and each scalar value. */
export function marksOfArguments(args: Record<string, unknown> | null | undefined): FieldMarks {
  if (!args) return NO_MARKS;
  const keys = new Set<string>();
  const values = new Set<string>();
  const walk = (v: unknown) => {
    if (v == null) return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
    else values.add(String(v));
  };
  walk(args);
  return { keys, values };
}

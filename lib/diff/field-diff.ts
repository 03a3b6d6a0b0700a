import { diffArrays, diffWordsWithSpace } from 'diff';
import deepEqual from 'fast-deep-equal';

/**
 * The one field diff of the console (docs/architecture.md "One of each"): review
 * pages, card version history, release diffs and a checkpoint's
 * expected-vs-actual call all go through `diffFields`, and render with
 * `components/diff/field-diff-view.tsx`.
 *
 * Objects are walked into dotted field paths (`skill.core_rule`); strings are
 * diffed word by word; arrays are diffed item by item (an item removed next to
 * one added at the same place reads as "changed" when they share words);
 * everything else (numbers, booleans, null) is compared as a value.
 *
 * Key order never counts as a difference: PostgreSQL's jsonb, LLM output and
 * benchmark files each order keys their own way. Objects (at any depth, also
 * inside list items) are compared by content, and an edited list item is
 * written out in the key order of its earlier version so its word diff shows
 * only what changed.
 */

export type DiffPart = { value: string; added?: boolean; removed?: boolean };

export type ListItemChange =
  | { status: 'same'; before: string; after: string }
  | { status: 'added'; after: string }
  | { status: 'removed'; before: string }
  | { status: 'changed'; before: string; after: string; parts: DiffPart[] };

export type FieldChange =
  | { path: string; kind: 'text'; changed: boolean; before: string | null; after: string | null; parts: DiffPart[] }
  | { path: string; kind: 'list'; changed: boolean; items: ListItemChange[] }
  | { path: string; kind: 'value'; changed: boolean; before: unknown; after: unknown };

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Diffs two values field by field. `before` null/undefined = everything is new (an ADD).
 * `opts.inOrder` puts each side's fields in the order to list them: card diffs pass
 * lib/cards/field-order.ts's `inCardFieldOrder` (jsonb hands contents back sorted by key length);
 * the diff itself knows nothing of cards, so the cards domain can build on it.
 */
export function diffFields(
  before: unknown,
  after: unknown,
  opts: { inOrder?: (value: unknown) => unknown } = {},
): FieldChange[] {
  const inOrder = opts.inOrder ?? ((value: unknown) => value);
  const out: FieldChange[] = [];
  walk(inOrder(before ?? undefined), inOrder(after ?? undefined), '', out);
  return out;
}

/** Only the fields that differ. */
export function changedFields(changes: FieldChange[]): FieldChange[] {
  return changes.filter((c) => c.changed);
}

function walk(a: unknown, b: unknown, path: string, out: FieldChange[]) {
  if ((isPlain(a) || a === undefined) && (isPlain(b) || b === undefined) && (isPlain(a) || isPlain(b))) {
    const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
    for (const k of keys)
      walk((a as Plain | undefined)?.[k], (b as Plain | undefined)?.[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    out.push(diffList(path, toArray(a), toArray(b)));
    return;
  }
  if (
    (typeof a === 'string' || a == null) &&
    (typeof b === 'string' || b == null) &&
    (typeof a === 'string' || typeof b === 'string')
  ) {
    out.push(diffText(path, (a as string | null | undefined) ?? null, (b as string | null | undefined) ?? null));
    return;
  }
  out.push({ path, kind: 'value', changed: !sameValue(a, b), before: a ?? null, after: b ?? null });
}

function toArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v == null ? [] : [v];
}

function diffText(path: string, before: string | null, after: string | null): FieldChange {
  const parts = wordParts(before ?? '', after ?? '');
  return { path, kind: 'text', changed: before !== after, before, after, parts };
}

function wordParts(a: string, b: string): DiffPart[] {
  return diffWordsWithSpace(a, b).map((c) => ({
    value: c.value,
    ...(c.added ? { added: true } : {}),
    ...(c.removed ? { removed: true } : {}),
  }));
}

/** A list item as one line of text: strings as they are, objects as `key: value` pairs. */
export function itemText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isPlain(v)) {
    return Object.entries(v)
      .map(([k, x]) => `${k}: ${typeof x === 'string' ? x : JSON.stringify(x)}`)
      .join(' · ');
  }
  return JSON.stringify(v);
}

function diffList(path: string, a: unknown[], b: unknown[]): FieldChange {
  const items: ListItemChange[] = [];
  // Items are compared by content (deep, key order ignored), not by their text.
  const runs = diffArrays(a, b, { comparator: deepEqual });
  let ai = 0;
  let bi = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    const next = runs[i + 1];
    const n = run.count ?? run.value.length;
    if (run.removed && next?.added) {
      const m = next.count ?? next.value.length;
      pairRuns(a.slice(ai, ai + n), b.slice(bi, bi + m), items);
      ai += n;
      bi += m;
      i++;
    } else if (run.removed) {
      for (const v of a.slice(ai, ai + n)) items.push({ status: 'removed', before: itemText(v) });
      ai += n;
    } else if (run.added) {
      for (const v of b.slice(bi, bi + n)) items.push({ status: 'added', after: itemText(v) });
      bi += n;
    } else {
      for (let k = 0; k < n; k++)
        items.push({ status: 'same', before: itemText(a[ai + k]), after: itemText(alignKeys(b[bi + k], a[ai + k])) });
      ai += n;
      bi += n;
    }
  }
  return { path, kind: 'list', changed: items.some((x) => x.status !== 'same'), items };
}

/** `v` with its object keys (at every depth) in the order `like` has them; keys `like` lacks follow in their own order. */
function alignKeys(v: unknown, like: unknown): unknown {
  if (Array.isArray(v)) return v.map((x, i) => alignKeys(x, Array.isArray(like) ? like[i] : undefined));
  if (!isPlain(v)) return v;
  const order = isPlain(like) ? Object.keys(like).filter((k) => k in v) : [];
  const keys = [...order, ...Object.keys(v).filter((k) => !order.includes(k))];
  return Object.fromEntries(keys.map((k) => [k, alignKeys(v[k], isPlain(like) ? like[k] : undefined)]));
}

/** A removed run next to an added run: items at the same offset that share words read as edits. */
function pairRuns(removed: unknown[], added: unknown[], items: ListItemChange[]) {
  const n = Math.max(removed.length, added.length);
  for (let i = 0; i < n; i++) {
    const r = i < removed.length ? itemText(removed[i]) : undefined;
    const ad = i < added.length ? itemText(alignKeys(added[i], removed[i])) : undefined;
    if (r !== undefined && ad !== undefined && wordOverlap(r, ad) >= 0.3) {
      items.push({ status: 'changed', before: r, after: ad, parts: wordParts(r, ad) });
    } else {
      if (r !== undefined) items.push({ status: 'removed', before: r });
      if (ad !== undefined) items.push({ status: 'added', after: ad });
    }
  }
}

function words(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean),
  );
}

function wordOverlap(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (!wa.size || !wb.size) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / Math.max(wa.size, wb.size);
}

function sameValue(a: unknown, b: unknown): boolean {
  return deepEqual(a ?? null, b ?? null);
}

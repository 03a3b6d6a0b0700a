import type { NativeRecord } from './native-schema';

/**
 * Large observations (browser accessibility trees, command output) run to
 * hundreds of KB per event. An event's content is kept whole up to
 * EVENT_CONTENT_LIMIT characters; beyond it the head and the tail are kept
 * with the cut marked in the text, and the full length recorded in the
 * event's metadata (CONTENT_CUT_KEY), which the trajectory page shows
 * (docs/trajectory-format.md, "Large events"). The start of an output says
 * what ran, its end how it ended: the middle is what is least read.
 */
export const EVENT_CONTENT_LIMIT = 100_000;
export const CUT_HEAD = 60_000;
export const CUT_TAIL = 20_000;
export const CONTENT_CUT_KEY = 'content_cut';

export type ContentCut = { full_length: number; kept_head: number; kept_tail: number };

export function cutText(text: string): { text: string; cut: ContentCut } | null {
  if (text.length <= EVENT_CONTENT_LIMIT) return null;
  const omitted = text.length - CUT_HEAD - CUT_TAIL;
  const fmt = (n: number) => n.toLocaleString('en-US');
  const marker = `\n\n[… ${fmt(omitted)} characters cut here by the import: the event held ${fmt(text.length)}; the first ${fmt(CUT_HEAD)} and the last ${fmt(CUT_TAIL)} are kept …]\n\n`;
  return {
    text: text.slice(0, CUT_HEAD) + marker + text.slice(text.length - CUT_TAIL),
    cut: { full_length: text.length, kept_head: CUT_HEAD, kept_tail: CUT_TAIL },
  };
}

/** The record with every over-long event content cut (the same object when none is). */
export function cutLargeContent(record: NativeRecord): NativeRecord {
  if (!record.events.some((e) => (e.content?.length ?? 0) > EVENT_CONTENT_LIMIT)) return record;
  return {
    ...record,
    events: record.events.map((e) => {
      const cut = e.content ? cutText(e.content) : null;
      return cut ? { ...e, content: cut.text, metadata: { ...(e.metadata ?? {}), [CONTENT_CUT_KEY]: cut.cut } } : e;
    }),
  };
}

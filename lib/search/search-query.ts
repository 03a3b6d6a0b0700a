import { z } from 'zod';
import { optionalFilterText } from '@/lib/http/filter-text';
import { pageQuerySchema } from '@/lib/http/pagination';

/**
 * Transcript search parameters (the page's URL and `GET /api/search` share them).
 * `q` uses PostgreSQL's websearch syntax: words, "a phrase", -excluded, or.
 */
export const searchQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  q: optionalFilterText(500),
  tool: optionalFilterText(300),
  source: z
    .enum(['AGENT', 'USER', 'ENVIRONMENT', 'VERIFIER'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  type: z
    .enum(['MESSAGE', 'TOOL_CALL', 'OBSERVATION', 'NOTIFICATION', 'FINAL'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  outcome: z
    .enum(['passed', 'failed'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  checkpointFailed: z
    .enum(['1', 'true', '0', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  model: optionalFilterText(300),
  benchmark: optionalFilterText(200),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Markers PostgreSQL's ts_headline puts around matched words; split on them client-side, never parsed as HTML. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

export type SearchEvent = {
  position: number;
  source: string;
  type: string;
  tool: string | null;
  /** Text with matched words between HIGHLIGHT_START / HIGHLIGHT_STOP. */
  headline: string;
};

export type SearchHit = SearchEvent & { rank: number; before: SearchEvent | null; after: SearchEvent | null };

export type SearchGroup = {
  trajectory: {
    id: string;
    externalId: string;
    model: string;
    passed: boolean;
    failedCount: number;
    taskId: string;
    taskExternalId: string;
    benchmark: string;
  };
  matchCount: number;
  hits: SearchHit[];
};

export type SearchResult = {
  groups: SearchGroup[];
  /** Matching events counted, up to the candidate cap. */
  matchedEvents: number;
  /** When capped: the planner's estimate of every matching event (not counted: that would scan them all). */
  estimatedEvents: number | null;
  matchedTrajectories: number;
  /** True when more events matched than the cap: ranking and counts cover the first CANDIDATE_CAP matches. */
  capped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
  tookMs: number;
};

/** Splits a highlighted headline into plain and marked parts (rendered as text nodes). */
export function splitHighlight(text: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let marked = false;
  let buf = '';
  for (const ch of text) {
    if (ch === HIGHLIGHT_START || ch === HIGHLIGHT_STOP) {
      if (buf) parts.push({ text: buf, marked });
      buf = '';
      marked = ch === HIGHLIGHT_START;
    } else buf += ch;
  }
  if (buf) parts.push({ text: buf, marked });
  return parts;
}

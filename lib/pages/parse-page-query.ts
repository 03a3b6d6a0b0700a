import type { z } from 'zod';
import { searchParamsRecord } from '@/lib/http/pagination';
import type { SearchParams } from './page-props';

/** One query parameter a link got wrong: its name (`after`, `page`) and what is wrong with it. */
export type LinkProblem = { param: string; message: string };

/**
 * A list page's query string, checked with the list's own schemas (the ones
 * its JSON API parses with, so a link is refused for exactly the reasons the
 * API answers 400). `raw` keeps every parameter as one string for links.
 * A link that does not parse gives `problems` instead of a query: the page
 * says what is wrong rather than quietly showing page 1 (a stale cursor or a
 * hand-edited `page` would otherwise look like a list that lost its rows).
 * `alsoChecked`: further schemas the list reads the same query with (the keyset cursor).
 */
export async function parsePageQuery<S extends z.ZodType>(
  schema: S,
  searchParams: SearchParams,
  ...alsoChecked: z.ZodType[]
) {
  return checkPageQuery(schema, searchParamsRecord(await searchParams), ...alsoChecked);
}

export function checkPageQuery<S extends z.ZodType>(
  schema: S,
  raw: Record<string, string>,
  ...alsoChecked: z.ZodType[]
):
  | { ok: true; raw: Record<string, string>; query: z.output<S> }
  | { ok: false; raw: Record<string, string>; problems: LinkProblem[] } {
  const parsed = schema.safeParse(raw);
  const all = [parsed, ...alsoChecked.map((s) => s.safeParse(raw))].flatMap((r) =>
    r.success ? [] : r.error.issues.map((i) => ({ param: i.path.map(String).join('.'), message: i.message })),
  );
  // Two schemas may refuse one parameter alike (both refuse `cursor=`): say it once.
  const problems = all.filter((p, i) => all.findIndex((q) => q.param === p.param && q.message === p.message) === i);
  return parsed.success && !problems.length ? { ok: true, raw, query: parsed.data } : { ok: false, raw, problems };
}

// Where a list's position lives in its links: a broken link starts over from the first page.
const POSITION_PARAMS = ['page', 'after', 'before', 'cursor'];

/**
 * The problems of a list link as the list's JSON API refused it (a 400 whose
 * details name the parameters): for views that read their URL in the browser
 * (the queue) and learn of a broken link only from their request. The API parses
 * with the same schemas the page checks with, so it is the same verdict.
 */
export function linkProblemsOfApiError(error: unknown): LinkProblem[] | null {
  if (!error || typeof error !== 'object' || !('status' in error) || error.status !== 400 || !('details' in error))
    return null;
  const details = (error.details ?? []) as { path?: string; message: string }[];
  return details.length ? details.map((d) => ({ param: d.path ?? '', message: d.message })) : null;
}

/** The first page of the same list: the link's parameters without its position and without those that were wrong. */
export function firstPageHref(path: string, raw: Record<string, string>, problems: LinkProblem[]): string {
  const drop = new Set([...POSITION_PARAMS, ...problems.map((p) => p.param.split('.')[0])]);
  const kept = new URLSearchParams(Object.entries(raw).filter(([k]) => !drop.has(k)));
  return kept.size ? `${path}?${kept}` : path;
}

/** One sentence per problem, naming the parameter: The link's "after" parameter is not a list position from this list (…). */
export function describeLinkProblem({ param, message }: LinkProblem): string {
  if (!param) return `The link is not valid: ${message}.`;
  // A message that names its parameter ("page must be a whole number …", lib/http/pagination.ts) is a sentence already.
  const own = message.startsWith(`${param} `) ? message.slice(param.length + 1) : message;
  const what = /^(is|are|must|can) /.test(own)
    ? own
    : `is not valid (${message.charAt(0).toLowerCase()}${message.slice(1)})`;
  return `The link's "${param}" parameter ${what}.`;
}

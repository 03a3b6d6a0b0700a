import type { z } from 'zod';
import type { Actor, Permission } from '@/lib/auth/permissions';
import { requirePageActor } from '@/lib/users/current-actor';
import type { SearchParams } from './page-props';
import { parsePageQuery, type LinkProblem } from './parse-page-query';

/** A list link that parsed: its parameters as strings (for links) and as the list's schema reads them. */
export type ListLink<S extends z.ZodType> = { raw: Record<string, string>; query: z.output<S> };

/** What every list page does before it renders: who may open it, how its link is read, what it loads first. */
export type ListPageLoad<S extends z.ZodType, T> = {
  permission: Permission;
  schema: S;
  /** Further schemas the list reads the same query with (the keyset cursor, the page of a sub-list). */
  alsoChecked?: z.ZodType[];
  load: (actor: Actor, link: ListLink<S>) => Promise<T>;
};

export type OpenedListPage<S extends z.ZodType, T> =
  | ({ ok: true; actor: Actor; data: T } & ListLink<S>)
  | { ok: false; raw: Record<string, string>; problems: LinkProblem[] };

/**
 * A list page's preamble in one place: the actor (or the redirect to sign in / "not allowed"), the link
 * checked with the list's own schemas (parsePageQuery), and the list's first data, loaded only for a link
 * that parsed: a broken link gets its problems, for the page to say what is wrong instead of a list.
 */
export async function openListPage<S extends z.ZodType, T>(
  { permission, schema, alsoChecked = [], load }: ListPageLoad<S, T>,
  searchParams: SearchParams,
): Promise<OpenedListPage<S, T>> {
  const actor = await requirePageActor(permission);
  const parsed = await parsePageQuery(schema, searchParams, ...alsoChecked);
  if (!parsed.ok) return parsed;
  const link = { raw: parsed.raw, query: parsed.query };
  return { ok: true, actor, data: await load(actor, link), ...link };
}

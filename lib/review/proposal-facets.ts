import { Prisma, type CardKind, type CardOperation } from '@prisma/client';
import { queryLong } from '@/lib/db/sql';
import { cachedUntilChanged, countWithCache, EXACT_UP_TO } from '@/lib/live/large-count';
import { STALE_SQL } from './staleness';

/**
 * Faceted counts: each facet's counts apply every *other* active filter (the
 * status scope, task and run always), so "Function (3)" is what choosing
 * Function would list with the filters as they are. `total` is what the list
 * shows (every filter); a facet's "any" is the sum of its values
 * (`valid + invalid`, `stale + current`, the sum of `byKind` / `byOperation`).
 */
export type ProposalCounts = {
  total: number;
  stale: number;
  current: number;
  invalid: number;
  valid: number;
  byOperation: Partial<Record<CardOperation, number>>;
  byKind: Partial<Record<CardKind, number>>;
};
/** `abilities`: the ability banks the other filters leave (the chosen one always listed). */
export type ProposalFacets = { counts: ProposalCounts; abilities: string[] };

/** The filters that are facets; the status scope, task and run are the base every count applies. */
export type FacetFilters = {
  kind?: CardKind;
  ability?: string;
  operation?: CardOperation;
  valid?: boolean;
  stale?: boolean;
};

/**
 * Up to this many proposals under the base (status scope, task, run; the
 * threshold of its count), the groups are computed on every request (exact at
 * once after a decision). Above it they are cached until the `proposals`
 * channel reports a change — a proposal written or decided, or a card moved
 * (trigger Card_notify_proposals), which is what changes "stale" — because
 * grouping every open proposal with a stale check each grows with the inbox.
 */
export const FACETS_EXACT_UP_TO = EXACT_UP_TO;

type Group = {
  operation: CardOperation;
  cardKind: CardKind;
  ability: string | null;
  valid: boolean;
  stale: boolean;
  n: number;
};
type Facet = keyof FacetFilters;

// One grouping per base, whatever the facet filters: every facet's counts are sums over these few groups,
// so a filter change costs no query of its own (and the cached groups serve every combination).
// On the long-statement pool (lib/db/sql.ts): a stale check per proposal makes this one of the long statements.
async function groupsOf(base: Prisma.Sql): Promise<Group[]> {
  const rows = await queryLong<Omit<Group, 'n'> & { n: bigint }>(Prisma.sql`
    SELECT p.operation, p."cardKind", p.ability, p.valid, ${Prisma.raw(STALE_SQL)} AS stale, count(*) AS n
    FROM "Proposal" p WHERE ${base} GROUP BY 1, 2, 3, 4, 5`);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

const value: Record<Facet, (g: Group) => unknown> = {
  kind: (g) => g.cardKind,
  ability: (g) => g.ability,
  operation: (g) => g.operation,
  valid: (g) => g.valid,
  stale: (g) => g.stale,
};

/** Whether a group passes every active filter except `skip`'s. */
function passes(g: Group, f: FacetFilters, skip: Facet | null): boolean {
  return (Object.keys(value) as Facet[]).every((k) => k === skip || f[k] === undefined || value[k](g) === f[k]);
}

const ABILITIES_MAX = 200;

export function facetsOf(groups: Group[], f: FacetFilters): ProposalFacets {
  const counts: ProposalCounts = { total: 0, stale: 0, current: 0, invalid: 0, valid: 0, byOperation: {}, byKind: {} };
  const abilities = new Set<string>(f.ability ? [f.ability] : []);
  for (const g of groups) {
    if (passes(g, f, null)) counts.total += g.n;
    if (passes(g, f, 'stale')) counts[g.stale ? 'stale' : 'current'] += g.n;
    if (passes(g, f, 'valid')) counts[g.valid ? 'valid' : 'invalid'] += g.n;
    if (passes(g, f, 'operation')) counts.byOperation[g.operation] = (counts.byOperation[g.operation] ?? 0) + g.n;
    if (passes(g, f, 'kind')) counts.byKind[g.cardKind] = (counts.byKind[g.cardKind] ?? 0) + g.n;
    if (g.ability !== null && passes(g, f, 'ability')) abilities.add(g.ability);
  }
  return { counts, abilities: [...abilities].sort().slice(0, ABILITIES_MAX) };
}

/** Facet counts and abilities under one base (`baseKey` names it in the cache), each facet under the other filters. */
export async function proposalFacets(
  baseKey: string,
  base: Prisma.Sql,
  filters: FacetFilters,
): Promise<ProposalFacets> {
  const size = await countWithCache(['proposals'], `proposal-base:${baseKey}`, Prisma.sql`"Proposal" p WHERE ${base}`);
  const groups =
    size.count <= FACETS_EXACT_UP_TO
      ? await groupsOf(base)
      : (await cachedUntilChanged(['proposals'], `proposal-groups:${baseKey}`, () => groupsOf(base))).value;
  return facetsOf(groups, filters);
}

import { Prisma, type CardKind, type CardOperation } from '@prisma/client';
import { queryLong } from '@/lib/db/sql';
import { cachedUntilChanged, countWithCache, EXACT_UP_TO } from '@/lib/live/large-count';
import { STALE_SQL } from './staleness';

export type ProposalCounts = {
  total: number;
  stale: number;
  invalid: number;
  byOperation: Partial<Record<CardOperation, number>>;
  byKind: Partial<Record<CardKind, number>>;
};
export type ProposalFacets = { counts: ProposalCounts; abilities: string[] };

/**
 * Up to this many proposals in a status scope (the threshold of the scope's
 * count), its facets are computed on every
 * request (exact at once after a decision). Above it they are cached until the
 * `proposals` channel reports a change — a proposal written or decided, or a
 * card moved (trigger Card_notify_proposals), which is what changes "stale" —
 * because grouping 1,000 open proposals with a stale check each costs ~30 ms.
 */
export const FACETS_EXACT_UP_TO = EXACT_UP_TO;

// Grouping with a stale check per proposal (~30 ms at 1,000 open): on the long-statement pool (lib/db/sql.ts).
async function computeFacets(scope: Prisma.Sql): Promise<ProposalFacets> {
  const [groups, abilities] = await Promise.all([
    queryLong<{ operation: CardOperation; cardKind: CardKind; valid: boolean; stale: boolean; n: bigint }>(Prisma.sql`
      SELECT p.operation, p."cardKind", p.valid, ${Prisma.raw(STALE_SQL)} AS stale, count(*) AS n
      FROM "Proposal" p WHERE ${scope} GROUP BY 1, 2, 3, 4`),
    queryLong<{ ability: string }>(Prisma.sql`SELECT DISTINCT p.ability FROM "Proposal" p WHERE ${scope} AND p.ability IS NOT NULL ORDER BY 1 LIMIT 200`),
  ]);
  const counts: ProposalCounts = { total: 0, stale: 0, invalid: 0, byOperation: {}, byKind: {} };
  for (const g of groups) {
    const c = Number(g.n);
    counts.total += c;
    if (g.stale) counts.stale += c;
    if (!g.valid) counts.invalid += c;
    counts.byOperation[g.operation] = (counts.byOperation[g.operation] ?? 0) + c;
    counts.byKind[g.cardKind] = (counts.byKind[g.cardKind] ?? 0) + c;
  }
  return { counts, abilities: abilities.map((a) => a.ability) };
}

/** Facet counts and abilities of one status scope (`scopeKey` names it in the cache). */
export async function proposalFacets(scopeKey: string, scope: Prisma.Sql): Promise<ProposalFacets> {
  const size = await countWithCache(['proposals'], `proposals:${scopeKey}`, Prisma.sql`"Proposal" p WHERE ${scope}`);
  if (size.count <= FACETS_EXACT_UP_TO) return computeFacets(scope);
  return (await cachedUntilChanged(['proposals'], `proposal-facets:${scopeKey}`, () => computeFacets(scope))).value;
}

import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { cellWhere, type DashboardFilters } from './filters';
import { rate, wilsonInterval } from './wilson';

/**
 * Below this many checkpoint results in either group (injected, or the
 * comparison) a release's figures say "not enough data": a Wilson interval
 * at n < 20 is wider than any effect worth acting on.
 */
export const MIN_CHECKPOINTS = 20;

/** One side of the comparison: its trajectories and checkpoint results, the pass rate and its Wilson interval. */
const group = (trajectories: number, checkpoints: number, passed: number) => ({
  trajectories,
  checkpoints,
  passed,
  rate: rate(passed, checkpoints),
  interval: wilsonInterval(passed, checkpoints),
});
type Group = ReturnType<typeof group>;
export type ImpactRow = {
  cardKey: string;
  cardId: string | null;
  title: string | null;
  ability: string | null;
  release: string | null;
  injected: Group;
  /** Same release, same abilities and models as the injected trajectories, without the card. */
  comparison: Group;
  /** injected − comparison checkpoint pass rate, or null when either side has fewer than MIN_CHECKPOINTS. */
  delta: number | null;
  enoughData: boolean;
};

type Row = {
  card: string;
  release: string | null;
  it: number;
  ic: number;
  ip: number;
  ct: number;
  cc: number;
  cp: number;
};

/**
 * Card impact per (card, release): checkpoint pass rate of the trajectories the
 * card was injected into (`memory.card_ids` on import) against the
 * trajectories of the same release, abilities and models without it. From the
 * dashboard cubes (kept exact by the Trajectory trigger): totals per
 * (release, ability, model) cell, minus the card's own share of each cell it
 * appears in, summed over those cells.
 */
export async function cardImpact(f: DashboardFilters, opts: { cardKeys?: string[] } = {}): Promise<ImpactRow[]> {
  const where = cellWhere(f);
  const cardFilter = opts.cardKeys ? Prisma.sql`AND c.card = ANY(${opts.cardKeys}::text[])` : Prisma.empty;
  const rows = await prisma.$queryRaw<Row[]>(Prisma.sql`
    WITH inj AS (
      SELECT c.card, c.release, c.ability, c.model, sum(c.trajectories)::int AS t, sum(c.checkpoints)::int AS n, sum(c."checkpointsPassed")::int AS p
      FROM "DashboardCardCell" c WHERE ${where} ${cardFilter}
      GROUP BY 1, 2, 3, 4 HAVING sum(c.trajectories) > 0
    ), cells AS (
      SELECT c.release, c.ability, c.model, sum(c.trajectories)::int AS t, sum(c.checkpoints)::int AS n, sum(c."checkpointsPassed")::int AS p
      FROM "DashboardCell" c WHERE ${where} AND (c.release, c.ability, c.model) IN (SELECT release, ability, model FROM inj)
      GROUP BY 1, 2, 3
    )
    SELECT inj.card, nullif(inj.release, '') AS release,
           sum(inj.t)::int AS it, sum(inj.n)::int AS ic, sum(inj.p)::int AS ip,
           sum(cells.t - inj.t)::int AS ct, sum(cells.n - inj.n)::int AS cc, sum(cells.p - inj.p)::int AS cp
    FROM inj JOIN cells USING (release, ability, model)
    GROUP BY inj.card, inj.release`);
  if (!rows.length) return [];
  const keys = [...new Set(rows.map((r) => r.card))];
  // Runtimes send card keys ("skill::…"); accept card ids as well.
  const cards = await prisma.card.findMany({
    where: { OR: [{ key: { in: keys } }, { id: { in: keys } }] },
    select: { id: true, key: true, title: true, ability: true },
  });
  const byRef = new Map(
    cards.flatMap(
      (c) =>
        [
          [c.key, c],
          [c.id, c],
        ] as const,
    ),
  );
  return rows.map((r) => {
    const card = byRef.get(r.card);
    const injected = group(r.it, r.ic, r.ip);
    const comparison = group(r.ct, r.cc, r.cp);
    const enoughData = r.ic >= MIN_CHECKPOINTS && r.cc >= MIN_CHECKPOINTS;
    return {
      cardKey: card?.key ?? r.card,
      cardId: card?.id ?? null,
      title: card?.title ?? null,
      ability: card?.ability ?? null,
      release: r.release,
      injected,
      comparison,
      delta: enoughData ? injected.rate! - comparison.rate! : null,
      enoughData,
    };
  });
}

/** Most helpful first (largest positive delta); rows without enough data last. */
export function sortImpact(rows: ImpactRow[], direction: 'helpful' | 'harmful' = 'helpful'): ImpactRow[] {
  const sign = direction === 'helpful' ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (a.delta === null || b.delta === null)
      return a.delta === null ? (b.delta === null ? a.cardKey.localeCompare(b.cardKey) : 1) : -1;
    return sign * (a.delta - b.delta) || a.cardKey.localeCompare(b.cardKey);
  });
}

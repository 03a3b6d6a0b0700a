import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import type { DashboardFilters } from './filters';

/**
 * The published studies' reference: compact curated stores of roughly 100–250
 * KB beat raw-trace stores about 30× larger. Drawn as a band on the chart.
 */
export const REFERENCE_BAND_KB = { low: 100, high: 250, rawTraceFactor: 30 } as const;

export type BankGrowth = {
  /** One row per (week, bank): active cards and the size of their current content at the end of that week. */
  points: { week: string; bank: string; cards: number; kb: number }[];
  current: { bank: string; cards: number; kb: number }[];
};

/**
 * Cards per bank and store size (KB of the card JSON at each card's latest
 * version by then) at the end of every week since the first card version.
 * A card counts from its first version; MERGED/ARCHIVED cards stop counting
 * from their last update (the status change has no other timestamp).
 */
export async function bankGrowth(f: DashboardFilters): Promise<BankGrowth> {
  const abilityFilter = f.ability ? Prisma.sql`AND c.ability = ${f.ability}` : Prisma.empty;
  // Each version's size is measured once, with the time it stopped being the card's latest (the next
  // version's creation); a week then takes the version in force at its end, rather than a sub-select per
  // (week, card) pair, which grows with weeks × cards.
  const rows = await prisma.$queryRaw<{ week: Date; bank: string; cards: number; bytes: number }[]>(Prisma.sql`
    WITH weeks AS (
      SELECT generate_series(date_trunc('week', min(v."createdAt")), date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS week FROM "CardVersion" v
    ), versions AS (
      SELECT v."cardId", v."createdAt" AS since, lead(v."createdAt") OVER (PARTITION BY v."cardId" ORDER BY v.number) AS until,
             octet_length(v.content::text) AS bytes
      FROM "CardVersion" v
    )
    SELECT w.week, CASE WHEN c.kind = 'FUNCTION' THEN 'function' ELSE coalesce(c.ability, '(none)') END AS bank,
           count(*)::int AS cards, sum(x.bytes)::float8 AS bytes
    FROM weeks w
    JOIN versions x ON x.since < w.week + interval '1 week' AND (x.until IS NULL OR x.until >= w.week + interval '1 week')
    JOIN "Card" c ON c.id = x."cardId"
    WHERE (c.status = 'ACTIVE' OR c."updatedAt" >= w.week + interval '1 week') ${abilityFilter}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const points = rows.map((r) => ({
    week: r.week.toISOString().slice(0, 10),
    bank: r.bank,
    cards: r.cards,
    kb: Math.round((r.bytes / 1024) * 10) / 10,
  }));
  const lastWeek = points.at(-1)?.week;
  return {
    points,
    current: points.filter((p) => p.week === lastWeek).map(({ bank, cards, kb }) => ({ bank, cards, kb })),
  };
}

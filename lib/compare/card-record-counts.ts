import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';

export type CardRecordCounts = { helped: number; hurt: number; unchanged: number };

/**
 * Some cards' helped / hurt / unchanged totals from the trigger-kept CardRecordCount
 * (prisma/sql/card-record.sql): one primary-key read per reference, whatever the number of runs.
 * Runs name a card by key or id in `memory.card_ids`, so both references' totals add up. The pairs
 * behind the counts come from cardRecords (lib/compare/card-record.ts), on the card page.
 */
export async function cardRecordCounts(cards: { id: string; key: string }[]): Promise<Map<string, CardRecordCounts>> {
  const out = new Map(cards.map((c) => [c.id, { helped: 0, hurt: 0, unchanged: 0 }]));
  if (!cards.length) return out;
  // A card listed twice (two proposals for it) is summed once.
  const unique = [...new Map(cards.map((c) => [c.id, c])).values()];
  const rows = await prisma.$queryRaw<({ id: string } & CardRecordCounts)[]>(Prisma.sql`
    SELECT c.id, sum(r.helped)::int AS helped, sum(r.hurt)::int AS hurt, sum(r.unchanged)::int AS unchanged
    FROM unnest(${unique.map((c) => c.id)}::text[], ${unique.map((c) => c.key)}::text[]) AS c(id, key)
    CROSS JOIN LATERAL (VALUES (c.id), (c.key)) AS v(ref)
    JOIN "CardRecordCount" r ON r.ref = v.ref
    GROUP BY c.id`);
  for (const { id, ...counts } of rows) out.set(id, counts);
  return out;
}

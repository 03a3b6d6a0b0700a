import { Prisma } from '@prisma/client';

/**
 * A card's helped / hurt totals from the trigger-kept CardRecordCount (prisma/sql/card-record.sql), as
 * a JSON `{ helped, hurt }` inside a list's own statement: two primary-key reads per card, whatever the
 * number of runs, and no extra round trip for the page. Runs name a card by key or id in
 * `memory.card_ids`, so both references' totals add up. `card` is the alias of a "Card" row in the
 * statement. The pairs behind the counts come from cardRecords (lib/compare/card-record.ts), on the
 * card page.
 */
export function cardRecordJsonSql(card: string): Prisma.Sql {
  const c = Prisma.raw(`"${card}"`);
  return Prisma.sql`(SELECT json_build_object('helped', coalesce(sum(r.helped), 0)::int, 'hurt', coalesce(sum(r.hurt), 0)::int)
    FROM (VALUES (${c}.id), (${c}.key)) AS v(ref) LEFT JOIN "CardRecordCount" r ON r.ref = v.ref)`;
}

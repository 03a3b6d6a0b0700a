import { CardKind as CardKinds, CardStatus, Prisma, type CardKind } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { containsPattern, isoTime, literalEnum, literalInt, queryRows } from '@/lib/db/sql';
import { cachedUntilChanged, countWithCache, EXACT_UP_TO, pageAndTotal, shortPage } from '@/lib/live/large-count';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { bankFilterShape, type CardSummary } from './card-summary';

const CARD_STATUSES = Object.values(CardStatus);
const CARD_KINDS = Object.values(CardKinds);

export const cardListQuerySchema = pageQuerySchema.extend({
  ...bankFilterShape,
  app: z.string().min(1).optional(),
  tag: z.string().min(1).optional(),
  status: z.enum(['ACTIVE', 'RETIRED', 'MERGED', 'all']).default('ACTIVE'),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['updated', 'title', 'key', 'size', 'helped', 'hurt']).default('updated'),
  /** `hurt-more`: only cards whose injected runs flipped pass→fail more often than fail→pass. */
  record: z.enum(['hurt-more']).optional(),
});
export type CardListQuery = z.input<typeof cardListQuerySchema>;

export type CardListItem = CardSummary & {
  version: number | null;
  sizeBytes: number;
  mergedIntoId: string | null;
  updatedAt: string;
  /** The card's record (lib/compare/card-record.ts): flips of the tasks it was injected into. */
  helped: number;
  hurt: number;
};

/** One bank: the skill bank of an ability, or the global function bank. Counts and size cover active cards (what retrieval serves). */
export type BankSummary = { kind: CardKind; ability: string | null; cards: number; sizeKb: number };

/**
 * A card's record from the trigger-kept totals (prisma/sql/card-record.sql): runs name a card by
 * key or id in `memory.card_ids`, so both references' totals add up. Joined, not a sub-select per
 * card: sorting the whole bank by hurt then reads the totals once (two hash joins) instead of
 * once per card and column. Where no record column is used (the plain count), the planner drops
 * these left joins on a primary key.
 */
const CARDS_WITH_RECORD = Prisma.sql`"Card" c
  LEFT JOIN "CardRecordCount" rk ON rk.ref = c.key
  LEFT JOIN "CardRecordCount" ri ON ri.ref = c.id`;
const recordOf = (column: 'helped' | 'hurt') =>
  Prisma.sql`(coalesce(rk.${Prisma.raw(`"${column}"`)}, 0) + coalesce(ri.${Prisma.raw(`"${column}"`)}, 0))`;

// Stable orders (id breaks ties so paging never repeats or skips a card).
const ORDER: Record<z.infer<typeof cardListQuerySchema>['sort'], Prisma.Sql> = {
  updated: Prisma.sql`c."updatedAt" DESC, c.id ASC`,
  title: Prisma.sql`c.title ASC, c.id ASC`,
  key: Prisma.sql`c.key ASC`,
  size: Prisma.sql`c."sizeBytes" DESC, c.id ASC`,
  helped: Prisma.sql`${recordOf('helped')} DESC, ${recordOf('hurt')} ASC, c.id ASC`,
  hurt: Prisma.sql`${recordOf('hurt')} DESC, ${recordOf('helped')} ASC, c.id ASC`,
};

/** WHERE over `"Card" c`: every filter is an indexed column (kind/ability/status btree, apps/tags GIN containment). */
function cardConditions(q: z.infer<typeof cardListQuerySchema>): Prisma.Sql {
  const where = [Prisma.sql`TRUE`];
  // Closed sets as literals (literalEnum): the default page (ACTIVE cards) keeps one plan instead of re-planning per request.
  if (q.kind) where.push(Prisma.sql`c.kind = ${literalEnum(q.kind, CARD_KINDS)}::"CardKind"`);
  if (q.ability) where.push(Prisma.sql`c.ability = ${q.ability}`);
  if (q.app) where.push(Prisma.sql`c.apps @> ARRAY[${q.app}]::text[]`);
  if (q.tag) where.push(Prisma.sql`c.tags @> ARRAY[${q.tag.toLowerCase()}]::text[]`);
  if (q.status !== 'all') where.push(Prisma.sql`c.status = ${literalEnum(q.status, CARD_STATUSES)}::"CardStatus"`);
  if (q.q) {
    const like = containsPattern(q.q);
    where.push(Prisma.sql`(c.title ILIKE ${like} OR c.key ILIKE ${like})`);
  }
  if (q.record === 'hurt-more') where.push(Prisma.sql`${recordOf('hurt')} > ${recordOf('helped')}`);
  return Prisma.join(where, ' AND ');
}

type BankRow = { kind: CardKind; ability: string | null; cards: number; sizeBytes: bigint };

const bankRows = () =>
  queryRows<BankRow>(Prisma.sql`
    SELECT c.kind, c.ability, count(*)::int AS cards, coalesce(sum(c."sizeBytes"), 0)::int8 AS "sizeBytes"
    FROM "Card" c WHERE c.status = 'ACTIVE' GROUP BY 1, 2 ORDER BY c.kind DESC, c.ability ASC`);

/**
 * Cards and size per bank. A small bank is summed on every request (exact at
 * once after an approval); past EXACT_UP_TO active cards the
 * summary is cached until the `cards` channel reports a change (trigger
 * Card_notify_cards), like the list's total.
 */
async function bankSummaries(): Promise<BankRow[]> {
  const active = await countWithCache(['cards'], 'cards:active', Prisma.sql`"Card" c WHERE c.status = 'ACTIVE'`);
  if (active.count <= EXACT_UP_TO) return bankRows();
  return (await cachedUntilChanged(['cards'], 'card-banks', bankRows)).value;
}

/** The bank browser: list rows only (no content), the filtered total and the per-bank summary (both cached when large). */
export async function listCards(actor: Actor, raw: unknown): Promise<Page<CardListItem> & { banks: BankSummary[] }> {
  requirePermission(actor, 'cards:read');
  const q = cardListQuerySchema.parse(raw ?? {});
  const where = cardConditions(q);
  const { skip, take } = toPrismaPage({ page: q.page, pageSize: q.pageSize });
  const { page: _p, pageSize: _s, ...filters } = q;
  const [[rows, { count: total }], banks] = await Promise.all([
    pageAndTotal(
      // The record moves with imports, which the dashboard channel reports: a record-filtered total is invalidated by both.
      {
        invalidatedBy: q.record ? ['cards', 'dashboard'] : ['cards'],
        key: `cards:${JSON.stringify(filters)}`,
        from: Prisma.sql`${CARDS_WITH_RECORD} WHERE ${where}`,
      },
      // apps/tags are nullable text[] (a card written without them holds NULL): coalesced so every row carries arrays.
      () =>
        queryRows<CardListItem>(Prisma.sql`
      SELECT c.id, c.key, c.kind, c.ability, coalesce(c.apps, '{}') AS apps, coalesce(c.tags, '{}') AS tags,
             c.title, c.status, v.number AS version, c."sizeBytes", c."mergedIntoId", ${isoTime(Prisma.sql`c."updatedAt"`)} AS "updatedAt",
             ${recordOf('helped')}::int AS helped, ${recordOf('hurt')}::int AS hurt
      FROM ${CARDS_WITH_RECORD} LEFT JOIN "CardVersion" v ON v.id = c."currentVersionId"
      WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ${literalInt(take)} OFFSET ${literalInt(skip)}`),
      skip === 0 ? shortPage(take) : null,
    ),
    bankSummaries(),
  ]);
  return {
    ...pageOf(rows, total, { page: q.page, pageSize: q.pageSize }),
    banks: banks.map((b) => ({
      kind: b.kind,
      ability: b.ability,
      cards: b.cards,
      sizeKb: Math.round((Number(b.sizeBytes) / 1024) * 10) / 10,
    })),
  };
}

import { Prisma } from '@prisma/client';
import { prisma, type Tx } from '@/lib/db/prisma';
import { queryRows } from '@/lib/db/sql';
import { parseBankCards, type BankCard, type BankCardRow } from './bank-card';

type Db = Tx | typeof prisma;

/** The bank revision counter (one row, bumped by a deferred trigger; prisma/sql/bank-revision.sql). */
export async function readBankRevision(db?: Tx): Promise<number> {
  const query = Prisma.sql`SELECT "revision" FROM "BankRevision" WHERE "id" = 1`;
  // Every retrieval reads it, so outside a transaction it goes through the prepared-statement pool:
  // through Prisma this one-row read costs several times the Node CPU of the whole ranking.
  const rows = db ? await db.$queryRaw<{ revision: number }[]>(query) : await queryRows<{ revision: number }>(query);
  return rows[0]?.revision ?? 0;
}

/** The current version of every ACTIVE card (MERGED and RETIRED cards never retrieve). */
export async function loadCurrentBankCards(db: Db = prisma): Promise<{ cards: BankCard[]; skipped: string[] }> {
  const cards = await db.card.findMany({
    where: { status: 'ACTIVE', currentVersionId: { not: null } },
    select: {
      id: true,
      key: true,
      kind: true,
      ability: true,
      apps: true,
      currentVersion: { select: { id: true, number: true, content: true } },
    },
    orderBy: { key: 'asc' },
  });
  const rows: BankCardRow[] = cards.map((c) => ({
    cardId: c.id,
    key: c.key,
    kind: c.kind,
    ability: c.ability,
    apps: c.apps,
    versionId: c.currentVersion!.id,
    versionNumber: c.currentVersion!.number,
    content: c.currentVersion!.content,
  }));
  return parseBankCards(rows);
}

/** The versions a release froze, with the bank and apps recorded at freeze time. */
export async function loadReleaseBankCards(
  releaseId: string,
  db: Db = prisma,
): Promise<{ cards: BankCard[]; skipped: string[] }> {
  const rows = await db.bankReleaseCard.findMany({
    where: { releaseId },
    select: {
      ability: true,
      apps: true,
      cardVersion: {
        select: { id: true, number: true, content: true, card: { select: { id: true, key: true, kind: true } } },
      },
    },
  });
  return parseBankCards(
    rows
      .map((r) => ({
        cardId: r.cardVersion.card.id,
        key: r.cardVersion.card.key,
        kind: r.cardVersion.card.kind,
        ability: r.ability,
        apps: r.apps,
        versionId: r.cardVersion.id,
        versionNumber: r.cardVersion.number,
        content: r.cardVersion.content,
      }))
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
  );
}

import type { CardKind, Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';

/** What the bank list shows without opening a version: derived from the content, once, when a version is written. */
export function listFieldsOf(kind: CardKind, content: unknown): { title: string; tags: string[]; sizeBytes: number } {
  const c = (content ?? {}) as { title?: unknown; tags?: unknown; tool?: unknown };
  const title = kind === 'SKILL' ? String(c.title ?? '') : String(c.tool ?? '');
  const tags = kind === 'SKILL' && Array.isArray(c.tags) ? c.tags.map(String) : [];
  return { title, tags, sizeBytes: Buffer.byteLength(JSON.stringify(content ?? null), 'utf8') };
}

export type NewVersion = {
  cardId: string;
  kind: CardKind;
  content: unknown;
  parentVersionId: string | null;
  proposalId?: string | null;
  reviewId?: string | null;
  createdById: string | null;
  restoredFromId?: string | null;
  note?: string | null;
};

/**
 * Appends the next immutable version of a card and makes it current (the only
 * way a card's content changes: approval, rollback). The caller holds the
 * card's row lock inside its transaction, so the number cannot collide; the
 * (cardId, number) unique key is the last line of defence.
 */
export async function appendCardVersion(tx: Tx, v: NewVersion): Promise<{ versionId: string; number: number }> {
  const last = await tx.cardVersion.aggregate({ where: { cardId: v.cardId }, _max: { number: true } });
  const number = (last._max.number ?? 0) + 1;
  const row = await tx.cardVersion.create({
    data: {
      cardId: v.cardId,
      number,
      content: v.content as Prisma.InputJsonValue,
      parentVersionId: v.parentVersionId,
      proposalId: v.proposalId ?? null,
      reviewId: v.reviewId ?? null,
      createdById: v.createdById,
      restoredFromId: v.restoredFromId ?? null,
      note: v.note ?? null,
    },
    select: { id: true },
  });
  await tx.card.update({
    where: { id: v.cardId },
    data: { currentVersionId: row.id, ...listFieldsOf(v.kind, v.content) },
  });
  return { versionId: row.id, number };
}

/** Locks cards (always in id order, so two transactions never deadlock) and returns their current version ids as now committed. */
export async function lockCards(
  tx: Tx,
  cardIds: string[],
): Promise<Map<string, { currentVersionId: string | null; status: string; key: string }>> {
  if (cardIds.length === 0) return new Map();
  const ids = [...new Set(cardIds)].sort();
  const rows = await tx.$queryRaw<{ id: string; currentVersionId: string | null; status: string; key: string }[]>`
    SELECT id, "currentVersionId", status::text AS status, key FROM "Card" WHERE id = ANY(${ids}) ORDER BY id FOR UPDATE`;
  return new Map(rows.map((r) => [r.id, r]));
}

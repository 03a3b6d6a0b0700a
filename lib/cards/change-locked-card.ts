import { prisma, type Tx } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { lockCards } from './append-version';
import { resolveCardId } from './card-ref';

type LockedCard = { currentVersionId: string | null; status: string; key: string };

/**
 * One card (by id or key) changed in one transaction under its row lock, so
 * a rollback, a status change and an approval on it never interleave; 404
 * when no such card exists. `change` gets the locked row.
 */
export async function changeLockedCard<T>(idOrKey: string, change: (tx: Tx, cardId: string, locked: LockedCard) => Promise<T>): Promise<T> {
  const cardId = await resolveCardId(idOrKey);
  return prisma.$transaction(async (tx) => {
    const locked = (await lockCards(tx, [cardId])).get(cardId);
    if (!locked) throw notFound(`Card ${idOrKey}`);
    return change(tx, cardId, locked);
  });
}

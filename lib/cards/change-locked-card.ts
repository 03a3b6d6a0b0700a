import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { lockCards } from './append-version';
import { resolveCardId } from './card-ref';

type LockedCard = { currentVersionId: string | null; status: string; key: string };

/**
 * One card (by id or key) changed in one transaction under its row lock, so
 * a rollback, a status change and an approval on it never interleave; 404
 * when no such card exists, 409 MERGED for a card merged into another (its
 * content lives on in the kept card, so a version appended to the merged one
 * would be one no page shows). `change` gets the locked row.
 */
export async function changeLockedCard<T>(
  idOrKey: string,
  change: (tx: Tx, cardId: string, locked: LockedCard) => Promise<T>,
): Promise<T> {
  const cardId = await resolveCardId(idOrKey);
  return prisma.$transaction(async (tx) => {
    const locked = (await lockCards(tx, [cardId])).get(cardId);
    if (!locked) throw notFound(`Card ${idOrKey}`);
    if (locked.status === 'MERGED')
      throw new AppError('CONFLICT', `${locked.key} was merged into another card; edit the kept card instead`, [], {
        reason: 'MERGED',
      });
    return change(tx, cardId, locked);
  });
}

import type { CardStatus } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { changeLockedCard } from './change-locked-card';

export const cardStatusInputSchema = z.strictObject({
  status: z.enum(['ACTIVE', 'RETIRED'], { error: 'status must be ACTIVE (reactivate) or RETIRED (retire)' }),
  note: z.string({ error: 'A status change needs a note' }).trim().min(1, 'A status change needs a note').max(2000),
});

/** Retire a card (it drops out of retrieval) or reactivate it. A MERGED card stays merged (changeLockedCard refuses it). */
export async function setCardStatus(
  actor: Actor,
  idOrKey: string,
  input: unknown,
): Promise<{ cardId: string; status: 'ACTIVE' | 'RETIRED' }> {
  requirePermission(actor, 'proposal:review');
  const { status, note } = cardStatusInputSchema.parse(input ?? {});
  return changeLockedCard(idOrKey, async (tx, cardId, card) => {
    if (card.status === status)
      throw new AppError('CONFLICT', `${card.key} is already ${status.toLowerCase()}`, [], { reason: 'UNCHANGED' });
    await tx.card.update({ where: { id: cardId }, data: { status } });
    // The card page's status history: the note is the reason, kept with the card, not only in the audit log.
    await tx.cardStatusChange.create({
      data: { cardId, fromStatus: card.status as CardStatus, toStatus: status, note, actorId: actor.userId },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: status === 'RETIRED' ? 'card.retire' : 'card.reactivate',
      entityType: 'Card',
      entityId: cardId,
      before: { status: card.status },
      after: { status, note },
    });
    return { cardId, status };
  });
}

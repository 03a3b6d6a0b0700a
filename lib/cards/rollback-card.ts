import equal from 'fast-deep-equal';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { appendCardVersion } from './append-version';
import { changeLockedCard } from './change-locked-card';

// Also for a value that is there but not a number ("x"): "is required" would tell its sender the field was missing.
const VERSION_NUMBER = 'the number of the version to restore (1, 2, …)';

export const rollbackInputSchema = z.strictObject({
  versionNumber: z.coerce.number({ error: VERSION_NUMBER }).int(VERSION_NUMBER).min(1, VERSION_NUMBER),
  note: z.string({ error: 'A rollback needs a note' }).trim().min(1, 'A rollback needs a note').max(2000),
});

/**
 * Restores an older version as a NEW version (history is never rewritten):
 * its content is copied, its parent is the version current now, and it
 * records which version it restores and the reviewer's note. A version whose
 * content the card has now is refused (409, reason SAME_CONTENT).
 */
export async function rollbackCard(
  actor: Actor,
  idOrKey: string,
  input: unknown,
): Promise<{ cardId: string; key: string; versionId: string; number: number }> {
  requirePermission(actor, 'proposal:review');
  const { versionNumber, note } = rollbackInputSchema.parse(input ?? {});
  return changeLockedCard(idOrKey, async (tx, cardId) => {
    const card = await tx.card.findUniqueOrThrow({
      where: { id: cardId },
      select: { kind: true, key: true, currentVersion: { select: { id: true, number: true, content: true } } },
    });
    const old = await tx.cardVersion.findUnique({
      where: { cardId_number: { cardId, number: versionNumber } },
      select: { id: true, content: true },
    });
    if (!old)
      throw new AppError('VALIDATION', `Card ${card.key} has no version ${versionNumber}`, [
        { path: 'versionNumber', message: 'no such version' },
      ]);
    if (old.id === card.currentVersion?.id)
      throw new AppError('VALIDATION', `Version ${versionNumber} is already the current version`, [
        { path: 'versionNumber', message: 'already current' },
      ]);
    // A copy of the current content would be an empty version that still makes pending proposals on the card stale.
    if (card.currentVersion && equal(old.content, card.currentVersion.content)) {
      const current = card.currentVersion.number;
      throw new AppError(
        'CONFLICT',
        `v${versionNumber} has the same content as the current v${current}; nothing to restore`,
        [{ path: 'versionNumber', message: `same content as the current v${current}` }],
        { reason: 'SAME_CONTENT' },
      );
    }
    const v = await appendCardVersion(tx, {
      cardId,
      kind: card.kind,
      content: old.content,
      parentVersionId: card.currentVersion?.id ?? null,
      createdById: actor.userId,
      restoredFromId: old.id,
      note,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'card.rollback',
      entityType: 'Card',
      entityId: cardId,
      before: { versionNumber: card.currentVersion?.number ?? null },
      after: { versionNumber: v.number, restoredNumber: versionNumber, note },
    });
    return { cardId, key: card.key, ...v };
  });
}

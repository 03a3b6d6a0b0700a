import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { queryHash } from '@/lib/retrieval/labels-file';

/** One judgement from the retrieval preview: this card is (not) relevant for this task text. */
export const labelResultSchema = z
  .object({
    task: z.string().trim().min(1, 'task text is required').max(20_000),
    ability: z.string().trim().min(1).max(100).nullish(),
    apps: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    cardKey: z.string().regex(/^(skill|function)::\S+$/, 'expected a card key such as skill::skill_ab12cd'),
    /** null removes the judgement (the reviewer clicked the chosen button again). */
    relevant: z.boolean().nullable(),
  })
  .strict();
export type LabelResultInput = z.input<typeof labelResultSchema>;
export type StoredLabel = { cardKey: string; relevant: boolean };

/**
 * Stores (or replaces, or removes) a reviewer's relevance judgement of one
 * retrieved card for one query, audited in the same transaction. The card key
 * is stored as given: a label outlives the card's versions, and a key no
 * longer in a bank is reported by the evaluation instead of refused here.
 */
export async function labelRetrievalResult(actor: Actor | null, input: unknown): Promise<StoredLabel | null> {
  const by = requirePermission(actor, 'retrieval:label');
  const req = labelResultSchema.parse(input);
  const query = { task: req.task, ability: req.ability ?? null, apps: req.apps ?? [] };
  const hash = queryHash(query);
  return prisma.$transaction(async (tx) => {
    const before = await tx.retrievalLabel.findUnique({
      where: { queryHash_cardKey: { queryHash: hash, cardKey: req.cardKey } },
    });
    const label = `${req.cardKey} for "${req.task.slice(0, 60)}"`;
    if (req.relevant === null) {
      if (!before) return null;
      await tx.retrievalLabel.delete({ where: { id: before.id } });
      await recordAudit(tx, {
        actorId: by.userId,
        action: 'retrieval_label.remove',
        entityType: 'RetrievalLabel',
        entityId: before.id,
        entityLabel: label,
        before: { cardKey: before.cardKey, relevant: before.relevant },
      });
      return null;
    }
    const row = await tx.retrievalLabel.upsert({
      where: { queryHash_cardKey: { queryHash: hash, cardKey: req.cardKey } },
      create: { ...query, queryHash: hash, cardKey: req.cardKey, relevant: req.relevant, createdById: by.userId },
      update: { relevant: req.relevant, createdById: by.userId },
    });
    await recordAudit(tx, {
      actorId: by.userId,
      action: 'retrieval_label.set',
      entityType: 'RetrievalLabel',
      entityId: row.id,
      entityLabel: label,
      before: before ? { cardKey: before.cardKey, relevant: before.relevant } : undefined,
      after: { cardKey: row.cardKey, relevant: row.relevant, task: row.task, ability: row.ability, apps: row.apps },
    });
    return { cardKey: row.cardKey, relevant: row.relevant };
  });
}

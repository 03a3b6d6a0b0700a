import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { lockOverlapForWriting, OVERLAP_WRITER_TX } from '@/lib/queue/overlap';
import { submitSerialised, type Submitted } from './save-diagnosis';

const REASON_MAX = 4000;

export const artefactInputSchema = z.strictObject({
  checkpointResultId: z.string().min(1),
  // Required: whoever maintains the benchmark reads it on the task page to fix the check.
  reason: z
    .string({ error: 'say why this is the evaluator or the task, not the agent' })
    .trim()
    .min(1, 'say why this is the evaluator or the task, not the agent')
    .max(REASON_MAX, `at most ${REASON_MAX} characters`),
  replacesUpdatedAt: z.iso.datetime({ message: 'replacesUpdatedAt must be an ISO time' }).nullable().optional(),
});

/**
 * Submits the caller's verdict on a failed check: not an agent failure, the evaluator or the task definition
 * is wrong (e.g. a check expecting a search on one date while the expected booking is on another). It counts
 * as a submitted diagnosis for the queue (the item is done), is kept out of reflection packets (packet.ts),
 * listed on the task page and counted on the dashboard. The reason is stored as "what went wrong"; no
 * category and no event range. Like any submission, a later edit keeps this one as a revision.
 */
export async function markEvaluatorArtefact(actor: Actor, raw: unknown): Promise<Submitted> {
  requirePermission(actor, 'diagnosis:write');
  const { checkpointResultId, reason, replacesUpdatedAt } = artefactInputSchema.parse(raw);
  const input = {
    checkpointResultId,
    replacesUpdatedAt,
    outcome: 'EVALUATOR_ARTEFACT' as const,
    categoryId: null,
    eventStart: null,
    eventEnd: null,
    whatWentWrong: reason,
    whatShouldHaveHappened: '',
    confidence: null,
  };
  return prisma.$transaction(async (tx) => {
    await lockOverlapForWriting(tx, { checkpointResultId });
    // The same serialisation as submitDiagnosis: the claim for a first submission, the row lock for an edit.
    return submitSerialised(tx, actor, input);
  }, OVERLAP_WRITER_TX);
}

import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { skillCardSchema } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { invalidContent } from './review-errors';
import { ALL_FIELDS } from './reviewer-words';
import { loadValidationInputs, validateFinalContent } from './validate-proposal';

/**
 * A skill card a reviewer writes by hand, from a task or from one diagnosis
 * of it. It is not written to the bank: it becomes a PENDING ADD_CARD
 * proposal of source REVIEWER_WRITTEN in the task's ability bank, reviewed and
 * approved like any other, through the one approval transaction. Its words are
 * the reviewer's: checked for schema, privacy and active content, never for
 * traceability (there are no reflection inputs to trace them to).
 */
export const writeCardInputSchema = z
  .strictObject({
    taskId: z.string().trim().min(1).optional(),
    diagnosisId: z.string().trim().min(1).optional(),
    // The card's own rules are the validation's (422, each issue under its field); here only its shape:
    // an object, and no field a skill card does not have (a misspelt one would be dropped unseen).
    card: z.record(z.string(), z.unknown(), { error: 'must be an object (a skill card)' }).superRefine((card, ctx) => {
      for (const key of Object.keys(card))
        if (!(key in skillCardSchema.shape))
          ctx.addIssue({ code: 'custom', path: [key], message: 'unknown field, not one a skill card has' });
    }),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.taskId || v.diagnosisId, {
    message: 'give the task (taskId) or the diagnosis (diagnosisId) the card is written from',
    path: ['taskId'],
  });

export async function writeCard(actor: Actor, raw: unknown): Promise<{ proposalId: string }> {
  requirePermission(actor, 'proposal:review');
  const input = writeCardInputSchema.parse(raw);
  const diagnosis = input.diagnosisId
    ? await prisma.diagnosis.findUnique({
        where: { id: input.diagnosisId },
        select: { id: true, status: true, trajectory: { select: { taskId: true } } },
      })
    : null;
  if (input.diagnosisId && (!diagnosis || diagnosis.status !== 'SUBMITTED'))
    throw notFound(`Submitted diagnosis ${input.diagnosisId}`, 'diagnosisId');
  const taskId = diagnosis?.trajectory.taskId ?? input.taskId!;
  if (input.taskId && diagnosis && input.taskId !== taskId)
    throw new AppError('VALIDATION', 'The diagnosis is of another task than taskId', [
      { path: 'diagnosisId', message: `not a diagnosis of task ${input.taskId}` },
    ]);
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { id: true, ability: true } });
  if (!task) throw notFound(`Task ${taskId}`, 'taskId');

  // Stored as parsed (list fields the form left out become []), so what is reviewed is what will apply.
  const parsed = skillCardSchema.safeParse(input.card);
  const card = parsed.success ? parsed.data : input.card;
  const proposal = { cardKind: 'SKILL' as const, operation: 'ADD_CARD' as const, proposedCard: card };
  const inputs = await loadValidationInputs({ ...proposal, id: '', run: null, delta: null }, card);
  const issues = validateFinalContent(proposal, card, [], inputs, [ALL_FIELDS]);
  if (issues.length) throw invalidContent(issues);

  return prisma.$transaction(async (tx) => {
    const p = await tx.proposal.create({
      data: {
        ...proposal,
        proposedCard: card as Prisma.InputJsonValue,
        source: 'REVIEWER_WRITTEN',
        authorId: actor.userId,
        taskId: task.id,
        diagnosisId: diagnosis?.id ?? null,
        ability: task.ability,
        reason: input.note || `Written by hand by ${actor.name}`,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'proposal.write',
      entityType: 'Proposal',
      entityId: p.id,
      after: { source: 'REVIEWER_WRITTEN', taskId: task.id, diagnosisId: diagnosis?.id ?? null, card },
    });
    return { proposalId: p.id };
  });
}

/** What the hand-writing form shows beside the card: the task and, when given, the diagnosis (null when gone). */
export async function loadWriteCardContext(actor: Actor, q: { taskId?: string; diagnosisId?: string }) {
  requirePermission(actor, 'proposal:review');
  const diagnosis = q.diagnosisId
    ? await prisma.diagnosis.findFirst({
        where: { id: q.diagnosisId, status: 'SUBMITTED' },
        select: {
          id: true,
          whatWentWrong: true,
          whatShouldHaveHappened: true,
          author: { select: { name: true } },
          trajectory: { select: { taskId: true } },
        },
      })
    : null;
  const taskId = diagnosis?.trajectory.taskId ?? q.taskId;
  const task = taskId
    ? await prisma.task.findUnique({
        where: { id: taskId },
        select: { id: true, benchmark: true, externalId: true, ability: true, instruction: true },
      })
    : null;
  return { asked: Boolean(taskId), task, diagnosis };
}

import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requireNotOwnWork, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';

/**
 * A reviewer settles a checkpoint whose diagnoses disagree: either picks one
 * annotator's diagnosis or writes the adjudicated one. Reflection then uses
 * the adjudication instead of the individual diagnoses of that checkpoint.
 * Re-adjudicating replaces the earlier decision (audited with its before).
 */
const WRITTEN_FIELDS = ['categoryId', 'eventStart', 'eventEnd', 'whatWentWrong', 'whatShouldHaveHappened'] as const;
const optionalId = z
  .string()
  .trim()
  .min(1)
  .nullish()
  .transform((v) => v ?? null);
export const adjudicateInputSchema = z
  .strictObject({
    checkpointResultId: z.string().trim().min(1, 'checkpointResultId is required'),
    chosenDiagnosisId: optionalId,
    categoryId: optionalId,
    eventStart: z
      .number()
      .int()
      .min(0)
      .nullish()
      .transform((v) => v ?? null),
    eventEnd: z
      .number()
      .int()
      .min(0)
      .nullish()
      .transform((v) => v ?? null),
    whatWentWrong: z.string().trim().max(4000).optional().default(''),
    whatShouldHaveHappened: z.string().trim().max(4000).optional().default(''),
    // The adjudication the caller decided against: its updatedAt, or null when they saw none. Given, a decision
    // saved by someone else meanwhile is refused (409) instead of overwritten unseen; omitted, the last write wins.
    replacesUpdatedAt: z.iso.datetime({ message: 'replacesUpdatedAt must be an ISO time' }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.chosenDiagnosisId) {
      // A pick copies the chosen diagnosis: written fields next to it were dropped unseen, the pick winning.
      const written = WRITTEN_FIELDS.filter((k) => v[k] !== null && v[k] !== '');
      for (const k of written)
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: 'give either chosenDiagnosisId or a written diagnosis, not both',
        });
      return;
    }
    if (!v.whatShouldHaveHappened)
      ctx.addIssue({
        code: 'custom',
        path: ['whatShouldHaveHappened'],
        message: 'Pick a diagnosis, or write what should have happened',
      });
    if (v.eventStart !== null && v.eventEnd !== null && v.eventStart > v.eventEnd)
      ctx.addIssue({ code: 'custom', path: ['eventStart'], message: 'eventStart must not be after eventEnd' });
  });

type Previous = {
  updatedAt: Date;
  whatShouldHaveHappened: string;
  reviewer: { name: string };
  chosenDiagnosis: { author: { name: string } } | null;
};

/** 409 for a decision made against an adjudication that is no longer the current one: who decided what, and when. */
function adjudicatedMeanwhile(current: Previous | null): AppError {
  const what = current?.chosenDiagnosis
    ? `they chose ${current.chosenDiagnosis.author.name}'s diagnosis`
    : `they wrote "${current?.whatShouldHaveHappened.slice(0, 160) ?? ''}"`;
  const message = current
    ? `${current.reviewer.name} adjudicated this checkpoint at ${current.updatedAt.toISOString().slice(11, 16)} UTC, after you opened it: ${what}. Save again to replace their decision.`
    : 'The adjudication you meant to replace is gone. Save again to adjudicate the checkpoint.';
  return new AppError('CONFLICT', message, [{ path: 'replacesUpdatedAt', message: 'not the current adjudication' }], {
    reason: 'ADJUDICATED_MEANWHILE',
  });
}

export async function adjudicate(actor: Actor, raw: unknown) {
  requirePermission(actor, 'diagnosis:adjudicate');
  const input = adjudicateInputSchema.parse(raw);
  return prisma.$transaction(async (tx) => {
    // One decision per checkpoint at a time, so the check against replacesUpdatedAt below cannot race another save.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('adjudication'), hashtext(${input.checkpointResultId}))`;
    const cp = await tx.checkpointResult.findUnique({
      where: { id: input.checkpointResultId },
      select: {
        id: true,
        trajectory: { select: { eventCount: true } },
        diagnoses: {
          where: { status: 'SUBMITTED' },
          select: {
            id: true,
            authorId: true,
            categoryId: true,
            eventStart: true,
            eventEnd: true,
            whatWentWrong: true,
            whatShouldHaveHappened: true,
          },
        },
      },
    });
    if (!cp) throw notFound(`Checkpoint result ${input.checkpointResultId}`, 'checkpointResultId');
    if (cp.diagnoses.length < 2)
      throw new AppError('VALIDATION', 'Only checkpoints with two or more submitted diagnoses are adjudicated', [
        { path: 'checkpointResultId', message: 'fewer than two diagnoses' },
      ]);
    // A judge who is one of the parties: refused whatever the decision would be (a pick, or written).
    requireNotOwnWork(
      actor,
      'diagnosis:adjudicate',
      cp.diagnoses.map((d) => d.authorId),
    );
    let content;
    if (input.chosenDiagnosisId) {
      const chosen = cp.diagnoses.find((d) => d.id === input.chosenDiagnosisId);
      if (!chosen)
        throw new AppError('VALIDATION', 'The chosen diagnosis is not a submitted diagnosis of this checkpoint', [
          { path: 'chosenDiagnosisId', message: 'not on this checkpoint' },
        ]);
      const { id, authorId: _author, ...rest } = chosen;
      content = { ...rest, chosenDiagnosisId: id };
    } else {
      const last = cp.trajectory.eventCount - 1;
      for (const key of ['eventStart', 'eventEnd'] as const) {
        const v = input[key];
        if (v !== null && v > last)
          throw new AppError('VALIDATION', `${key} ${v} is past the last event (${last})`, [
            { path: key, message: 'out of range' },
          ]);
      }
      if (input.categoryId) {
        const category = await tx.failureCategory.findUnique({
          where: { id: input.categoryId },
          select: { active: true },
        });
        if (!category?.active)
          throw new AppError('VALIDATION', 'Unknown or retired failure category', [
            { path: 'categoryId', message: 'not in the taxonomy' },
          ]);
      }
      content = {
        chosenDiagnosisId: null,
        categoryId: input.categoryId,
        eventStart: input.eventStart,
        eventEnd: input.eventEnd,
        whatWentWrong: input.whatWentWrong,
        whatShouldHaveHappened: input.whatShouldHaveHappened,
      };
    }
    const before = await tx.adjudication.findUnique({
      where: { checkpointResultId: cp.id },
      include: {
        reviewer: { select: { name: true } },
        chosenDiagnosis: { select: { author: { select: { name: true } } } },
      },
    });
    if (input.replacesUpdatedAt !== undefined && (before?.updatedAt.toISOString() ?? null) !== input.replacesUpdatedAt)
      throw adjudicatedMeanwhile(before);
    const row = await tx.adjudication.upsert({
      where: { checkpointResultId: cp.id },
      create: { ...content, checkpointResultId: cp.id, reviewerId: actor.userId },
      update: { ...content, reviewerId: actor.userId },
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: before ? 'adjudication.update' : 'adjudication.create',
      entityType: 'Adjudication',
      entityId: row.id,
      before: before
        ? {
            chosenDiagnosisId: before.chosenDiagnosisId,
            categoryId: before.categoryId,
            whatShouldHaveHappened: before.whatShouldHaveHappened,
          }
        : undefined,
      after: content,
    });
    return row;
  });
}

import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requireNotOwnWork, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { runTargetId } from '@/lib/trajectories/run-target';

/**
 * A reviewer settles a target whose diagnoses disagree — a failed checkpoint, or a run diagnosed as a whole
 * (`runTrajectoryId`, lib/trajectories/run-target.ts) — either picks one annotator's diagnosis or writes the
 * adjudicated one. Reflection then uses the adjudication instead of the individual diagnoses of that target.
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
    checkpointResultId: optionalId,
    runTrajectoryId: optionalId,
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
    // Exactly one target, as on the diagnoses themselves: naming both would leave which one was settled to chance.
    if (!v.checkpointResultId === !v.runTrajectoryId)
      ctx.addIssue({
        code: 'custom',
        path: ['checkpointResultId'],
        message: v.checkpointResultId
          ? 'give checkpointResultId or runTrajectoryId, not both'
          : 'checkpointResultId (or runTrajectoryId for a run diagnosed as a whole) is required',
      });
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
function adjudicatedMeanwhile(current: Previous | null, noun: string): AppError {
  const what = current?.chosenDiagnosis
    ? `they chose ${current.chosenDiagnosis.author.name}'s diagnosis`
    : `they wrote "${current?.whatShouldHaveHappened.slice(0, 160) ?? ''}"`;
  const message = current
    ? `${current.reviewer.name} adjudicated this ${noun} at ${current.updatedAt.toISOString().slice(11, 16)} UTC, after you opened it: ${what}. Save again to replace their decision.`
    : `The adjudication you meant to replace is gone. Save again to adjudicate the ${noun}.`;
  return new AppError('CONFLICT', message, [{ path: 'replacesUpdatedAt', message: 'not the current adjudication' }], {
    reason: 'ADJUDICATED_MEANWHILE',
  });
}

export async function adjudicate(actor: Actor, raw: unknown) {
  requirePermission(actor, 'diagnosis:adjudicate');
  const input = adjudicateInputSchema.parse(raw);
  const target = input.runTrajectoryId
    ? { key: runTargetId(input.runTrajectoryId), where: { runTrajectoryId: input.runTrajectoryId } }
    : { key: input.checkpointResultId!, where: { checkpointResultId: input.checkpointResultId! } };
  return prisma.$transaction(async (tx) => {
    // One decision per target at a time, so the check against replacesUpdatedAt below cannot race another save.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('adjudication'), hashtext(${target.key}))`;
    const cp = await loadTarget(tx, input);
    if (cp.diagnoses.length < 2)
      throw new AppError('VALIDATION', `Only ${cp.noun}s with two or more submitted diagnoses are adjudicated`, [
        { path: cp.path, message: 'fewer than two diagnoses' },
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
        throw new AppError('VALIDATION', `The chosen diagnosis is not a submitted diagnosis of this ${cp.noun}`, [
          { path: 'chosenDiagnosisId', message: `not on this ${cp.noun}` },
        ]);
      const { id, authorId: _author, ...rest } = chosen;
      content = { ...rest, chosenDiagnosisId: id };
    } else {
      const last = cp.eventCount - 1;
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
      where: target.where,
      include: {
        reviewer: { select: { name: true } },
        chosenDiagnosis: { select: { author: { select: { name: true } } } },
      },
    });
    if (input.replacesUpdatedAt !== undefined && (before?.updatedAt.toISOString() ?? null) !== input.replacesUpdatedAt)
      throw adjudicatedMeanwhile(before, cp.noun);
    const row = await tx.adjudication.upsert({
      where: target.where,
      create: { ...content, ...target.where, reviewerId: actor.userId },
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

const SUBMITTED_DIAGNOSES = {
  where: { status: 'SUBMITTED' as const },
  select: {
    id: true,
    authorId: true,
    categoryId: true,
    eventStart: true,
    eventEnd: true,
    whatWentWrong: true,
    whatShouldHaveHappened: true,
  },
} as const;

/** The target's submitted diagnoses and its run's length; 404 naming the field when there is no such target. */
async function loadTarget(tx: Tx, input: { checkpointResultId: string | null; runTrajectoryId: string | null }) {
  if (input.runTrajectoryId) {
    const run = await tx.trajectory.findUnique({ where: { id: input.runTrajectoryId }, select: { eventCount: true } });
    if (!run) throw notFound(`Run ${input.runTrajectoryId}`, 'runTrajectoryId');
    const diagnoses = await tx.diagnosis.findMany({
      where: { ...SUBMITTED_DIAGNOSES.where, runTrajectoryId: input.runTrajectoryId },
      select: SUBMITTED_DIAGNOSES.select,
    });
    return { noun: 'run', path: 'runTrajectoryId', eventCount: run.eventCount, diagnoses };
  }
  const cp = await tx.checkpointResult.findUnique({
    where: { id: input.checkpointResultId! },
    select: { trajectory: { select: { eventCount: true } }, diagnoses: SUBMITTED_DIAGNOSES },
  });
  if (!cp) throw notFound(`Checkpoint result ${input.checkpointResultId}`, 'checkpointResultId');
  return {
    noun: 'checkpoint',
    path: 'checkpointResultId',
    eventCount: cp.trajectory.eventCount,
    diagnoses: cp.diagnoses,
  };
}

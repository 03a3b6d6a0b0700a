import type { DiagnosisOutcome, Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { claimForWriting } from '@/lib/queue/claim-for-writing';
import { lockOverlapForWriting, OVERLAP_WRITER_TX, pendingForUser } from '@/lib/queue/overlap';
import {
  draftInputSchema,
  editInputSchema,
  submitInputSchema,
  type DraftInput,
  type DiagnosisView,
} from './diagnosis-schemas';
import { DIAGNOSIS_INCLUDE, toDiagnosisView } from './diagnosis-view';
import { recountPending } from './recount-pending';
import { isRunLevelList, targetIdOf } from '@/lib/trajectories/run-target';

/** What lockOverlapForWriting reads the benchmark from. */
const lockTarget = (input: DraftInput) =>
  input.runTrajectoryId ? { trajectoryId: input.runTrajectoryId } : { checkpointResultId: input.checkpointResultId! };

type Target = {
  trajectoryId: string;
  /** The caller's diagnosis of this target, by its unique key. */
  key: Prisma.DiagnosisWhereUniqueInput;
  /** The target's fields of a new diagnosis. */
  fields: { checkpointResultId: string | null; runTrajectoryId: string | null };
  /** How messages name the target. */
  noun: string;
};

/**
 * The target of a write: a failed checkpoint result, or a failed run without a failed checkpoint result
 * (run-target.ts). Read from the row's failed-checkpoint list, which says whether the run is a run-level item.
 */
async function resolveTarget(tx: Tx, actor: Actor, input: DraftInput): Promise<Target & { eventCount: number }> {
  if (input.runTrajectoryId) {
    const id = input.runTrajectoryId;
    const t = await tx.trajectory.findUnique({
      where: { id },
      select: { id: true, passed: true, eventCount: true, failedCheckpoints: true },
    });
    if (!t) throw notFound(`Trajectory ${id}`, 'runTrajectoryId');
    if (!isRunLevelList(t.failedCheckpoints))
      throw new AppError(
        'VALIDATION',
        t.passed
          ? 'This run passed: only a failed run is diagnosed as a whole'
          : 'This run has failed checkpoints: diagnose those (a run is diagnosed as a whole only when no checkpoint result failed)',
        [{ path: 'runTrajectoryId', message: t.passed ? 'run passed' : 'run has failed checkpoints' }],
      );
    return {
      trajectoryId: t.id,
      eventCount: t.eventCount,
      key: { runTrajectoryId_authorId: { runTrajectoryId: t.id, authorId: actor.userId } },
      fields: { checkpointResultId: null, runTrajectoryId: t.id },
      noun: 'this run',
    };
  }
  const cp = await tx.checkpointResult.findUnique({
    where: { id: input.checkpointResultId! },
    select: { id: true, passed: true, trajectoryId: true, trajectory: { select: { eventCount: true } } },
  });
  if (!cp) throw notFound(`Checkpoint result ${input.checkpointResultId}`, 'checkpointResultId');
  if (cp.passed)
    throw new AppError('VALIDATION', 'Only failed checkpoints are diagnosed', [
      { path: 'checkpointResultId', message: 'checkpoint passed' },
    ]);
  return {
    trajectoryId: cp.trajectoryId,
    eventCount: cp.trajectory.eventCount,
    key: { checkpointResultId_authorId: { checkpointResultId: cp.id, authorId: actor.userId } },
    fields: { checkpointResultId: cp.id, runTrajectoryId: null },
    noun: 'this checkpoint',
  };
}

/** Checks the target (a failed checkpoint, or a failed run as a whole) and that the range lies inside its trajectory. */
export async function checkTarget(tx: Tx, actor: Actor, input: DraftInput): Promise<Target> {
  const target = await resolveTarget(tx, actor, input);
  const last = target.eventCount - 1;
  for (const key of ['eventStart', 'eventEnd'] as const) {
    const v = input[key];
    if (v != null && v > last)
      throw new AppError('VALIDATION', `${key} ${v} is past the last event (${last})`, [
        { path: key, message: 'out of range' },
      ]);
  }
  if (input.eventStart != null && input.eventEnd != null && input.eventStart > input.eventEnd) {
    throw new AppError('VALIDATION', 'eventStart must not be after eventEnd', [
      { path: 'eventStart', message: 'after eventEnd' },
    ]);
  }
  if (input.categoryId) {
    const cat = await tx.failureCategory.findUnique({ where: { id: input.categoryId }, select: { active: true } });
    if (!cat || !cat.active)
      throw new AppError('VALIDATION', 'Unknown or retired failure category', [
        { path: 'categoryId', message: 'not in the taxonomy' },
      ]);
  }
  return target;
}

/** What a write says: the form's fields, and (marking an evaluator artefact) the outcome. */
export type WriteInput = DraftInput & { outcome?: DiagnosisOutcome };

function contentOf(input: WriteInput) {
  return {
    outcome: input.outcome ?? ('AGENT_FAILURE' as const),
    categoryId: input.categoryId ?? null,
    eventStart: input.eventStart ?? null,
    eventEnd: input.eventEnd ?? null,
    whatWentWrong: input.whatWentWrong,
    whatShouldHaveHappened: input.whatShouldHaveHappened,
    confidence: input.confidence ?? null,
  };
}

/**
 * Autosave fires after 800 ms without typing, so an entry per save would bury
 * the log: a draft writes an audit entry when created and then at most once
 * per DRAFT_AUDIT_MINUTES (the log stays append-only; the submitted content is
 * recorded in full by diagnosis.submit).
 */
const DRAFT_AUDIT_MINUTES = 10;
async function auditDraft(tx: Tx, actor: Actor, diagnosisId: string, input: Parameters<typeof contentOf>[0]) {
  const since = new Date(Date.now() - DRAFT_AUDIT_MINUTES * 60_000);
  const recent = await tx.auditLog.findFirst({
    where: {
      entityType: 'Diagnosis',
      entityId: diagnosisId,
      actorId: actor.userId,
      action: 'diagnosis.draft',
      createdAt: { gte: since },
    },
    select: { id: true },
  });
  if (!recent)
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'diagnosis.draft',
      entityType: 'Diagnosis',
      entityId: diagnosisId,
      after: contentOf(input),
    });
}

type Version = { status: 'DRAFT' | 'SUBMITTED'; updatedAt: Date } | null;

/**
 * Refuses a write made against another version of the caller's diagnosis than the current one (two tabs or
 * windows on the same checkpoint), so neither autosave overwrites the other's text while both say "saved".
 * Must run under the lock that serialises the writers (the claim, or the diagnosis row for a re-submission).
 */
export function checkReplaces(current: Version, input: DraftInput, noun: string) {
  if (input.replacesUpdatedAt === undefined) return;
  const seen = input.replacesUpdatedAt === null ? null : new Date(input.replacesUpdatedAt).getTime();
  if ((current?.updatedAt.getTime() ?? null) === seen) return;
  const message = current
    ? `Your ${current.status === 'SUBMITTED' ? 'submitted diagnosis' : 'draft'} of ${noun} was changed in another tab or window at ${current.updatedAt.toISOString().slice(11, 19)} UTC, after this one loaded it; nothing was saved. Load that version, or save yours over it.`
    : 'Your draft of this checkpoint is gone (deleted elsewhere); nothing was saved. Save again to start it anew.';
  throw new AppError('CONFLICT', message, [{ path: 'replacesUpdatedAt', message: 'not the current version' }], {
    reason: 'CHANGED_ELSEWHERE',
  });
}

/** Autosave: creates or updates the caller's draft for a failed checkpoint (or a failed run as a whole). */
export async function saveDraft(actor: Actor, raw: unknown): Promise<DiagnosisView> {
  requirePermission(actor, 'diagnosis:write');
  const input = draftInputSchema.parse(raw);
  const view = await prisma.$transaction(async (tx) => {
    await lockOverlapForWriting(tx, lockTarget(input));
    const target = await checkTarget(tx, actor, input);
    const key = target.key;
    // The claim first: its row lock queues this save behind a first submission of the same
    // diagnosis under way, so the status read next is the one that submission committed. Read
    // before it, an autosave sent just before "submit" could land after it and overwrite the
    // submitted text (the upsert keeps the status).
    await claimForWriting(tx, actor, target.trajectoryId);
    const existing = await tx.diagnosis.findUnique({ where: key, select: { status: true, updatedAt: true } });
    if (existing?.status === 'SUBMITTED') {
      throw new AppError(
        'CONFLICT',
        'This diagnosis is already submitted; edit it and submit again to keep its history',
        [],
        { reason: 'ALREADY_SUBMITTED' },
      );
    }
    checkReplaces(existing, input, target.noun);
    const d = await tx.diagnosis.upsert({
      where: key,
      create: { ...contentOf(input), ...target.fields, trajectoryId: target.trajectoryId, authorId: actor.userId },
      update: contentOf(input),
      include: DIAGNOSIS_INCLUDE,
    });
    await recountPending(tx, target.trajectoryId);
    await auditDraft(tx, actor, d.id, input);
    return toDiagnosisView(d);
  }, OVERLAP_WRITER_TX);
  return view;
}

/** A submitted diagnosis, and how many of its trajectory's failed checkpoints still await a diagnosis. */
export type Submitted = { diagnosis: DiagnosisView; pendingCount: number };

/**
 * Submits the caller's diagnosis of a failed checkpoint. Re-submitting an
 * already submitted one is an edit: the previous content is kept as a revision.
 * When the trajectory has nothing left to diagnose, the caller's claim is released.
 */
export async function submitDiagnosis(actor: Actor, raw: unknown): Promise<Submitted> {
  requirePermission(actor, 'diagnosis:write');
  const input = submitInputSchema.parse(raw);
  return prisma.$transaction(async (tx) => {
    await lockOverlapForWriting(tx, lockTarget(input));
    return submitSerialised(tx, actor, input);
  }, OVERLAP_WRITER_TX);
}

/**
 * A submission inside the caller's transaction (after lockOverlapForWriting): a first submission needs the
 * trajectory, and its claim serialises it with the drafts; re-submitting one's own earlier diagnosis is an
 * edit and does not need the claim: its row lock serialises re-submissions. Either way the diagnosis is read
 * again under that lock, so what it replaces is what is current.
 */
export async function submitSerialised(tx: Tx, actor: Actor, input: WriteInput) {
  const target = await checkTarget(tx, actor, input);
  const key = target.key;
  const seen = await tx.diagnosis.findUnique({ where: key, select: { id: true, status: true } });
  if (seen?.status === 'SUBMITTED') await tx.$executeRaw`SELECT 1 FROM "Diagnosis" WHERE id = ${seen.id} FOR UPDATE`;
  else await claimForWriting(tx, actor, target.trajectoryId);
  const existing = await tx.diagnosis.findUnique({ where: key });
  checkReplaces(existing, input, target.noun);
  return writeSubmitted(tx, actor, existing, input, target);
}

/** Author-only edit of a diagnosis by id (the API's PATCH); on a draft, it is its first submission. */
export async function editDiagnosis(actor: Actor, id: string, raw: unknown): Promise<Submitted> {
  requirePermission(actor, 'diagnosis:write');
  const edit = editInputSchema.parse(raw);
  return prisma.$transaction(async (tx) => {
    await lockOverlapForWriting(tx, { diagnosisId: id });
    const seen = await tx.diagnosis.findUnique({
      where: { id },
      select: { authorId: true, status: true, trajectoryId: true },
    });
    if (!seen) throw notFound(`Diagnosis ${id}`);
    if (seen.authorId !== actor.userId) throw new AppError('FORBIDDEN', 'Only the author can edit a diagnosis');
    // Submitting a draft needs the trajectory's claim, as submitDiagnosis does: without it a PATCH submitted
    // while another annotator held the trajectory. Claim before the row lock, in the autosave's order (no deadlock).
    if (seen.status === 'DRAFT') await claimForWriting(tx, actor, seen.trajectoryId);
    await tx.$executeRaw`SELECT 1 FROM "Diagnosis" WHERE id = ${id} FOR UPDATE`;
    const existing = await tx.diagnosis.findUnique({ where: { id } });
    if (!existing) throw notFound(`Diagnosis ${id}`);
    // A diagnosis never moves: a PATCH naming another checkpoint is refused rather than quietly ignored.
    const own = targetIdOf(existing);
    const named = edit.checkpointResultId || edit.runTrajectoryId ? targetIdOf(edit) : own;
    if (named !== own) {
      const field = existing.checkpointResultId ? 'checkpointResultId' : 'runTrajectoryId';
      const what = existing.checkpointResultId
        ? `checkpoint result ${existing.checkpointResultId}`
        : `run ${existing.runTrajectoryId} as a whole`;
      throw new AppError(
        'VALIDATION',
        `Diagnosis ${id} is of ${what}, not ${named}: a diagnosis never moves to another target; to diagnose that one, submit a new diagnosis (POST /api/diagnoses/submit)`,
        [{ path: field, message: `not this diagnosis's target (${what}); it cannot be changed` }],
      );
    }
    const input = {
      ...edit,
      checkpointResultId: existing.checkpointResultId ?? undefined,
      runTrajectoryId: existing.runTrajectoryId ?? undefined,
    };
    const target = await checkTarget(tx, actor, input);
    checkReplaces(existing, input, target.noun);
    return writeSubmitted(tx, actor, existing, input, target);
  }, OVERLAP_WRITER_TX);
}

type Existing = Prisma.DiagnosisGetPayload<object>;

/** Writes the caller's submission (first, or an edit kept as a revision), audited, and frees the item when done. */
export async function writeSubmitted(
  tx: Tx,
  actor: Actor,
  existing: Existing | null,
  input: WriteInput,
  target: Target,
) {
  const data = { ...contentOf(input), status: 'SUBMITTED' as const };
  let d;
  // Set when this replaces a submitted diagnosis: the edit's audit entry keeps what it replaced.
  let before: object | undefined;
  if (existing?.status === 'SUBMITTED') {
    before = {
      outcome: existing.outcome,
      categoryId: existing.categoryId,
      eventStart: existing.eventStart,
      eventEnd: existing.eventEnd,
      whatWentWrong: existing.whatWentWrong,
      whatShouldHaveHappened: existing.whatShouldHaveHappened,
      confidence: existing.confidence,
      submittedAt: existing.submittedAt?.toISOString() ?? null,
    };
    await tx.diagnosisRevision.create({
      data: { diagnosisId: existing.id, editorId: actor.userId, content: before },
    });
    d = await tx.diagnosis.update({ where: { id: existing.id }, data, include: DIAGNOSIS_INCLUDE });
  } else if (existing) {
    d = await tx.diagnosis.update({
      where: { id: existing.id },
      data: { ...data, submittedAt: new Date() },
      include: DIAGNOSIS_INCLUDE,
    });
  } else {
    d = await tx.diagnosis.create({
      data: {
        ...data,
        submittedAt: new Date(),
        ...target.fields,
        trajectoryId: target.trajectoryId,
        authorId: actor.userId,
      },
      include: DIAGNOSIS_INCLUDE,
    });
  }
  await recordAudit(tx, {
    actorId: actor.userId,
    action: before ? 'diagnosis.edit' : 'diagnosis.submit',
    entityType: 'Diagnosis',
    entityId: d.id,
    ...(before ? { before } : {}),
    after: contentOf(input),
  });
  const pendingCount = await recountPending(tx, d.trajectoryId);
  // Done for everyone, or (overlap k > 1) done for this annotator: free the item for the next one.
  if (pendingCount === 0) await tx.queueClaim.deleteMany({ where: { trajectoryId: d.trajectoryId } });
  else if ((await pendingForUser(tx, d.trajectoryId, actor.userId)) === 0)
    await tx.queueClaim.deleteMany({ where: { trajectoryId: d.trajectoryId, userId: actor.userId } });
  return { diagnosis: toDiagnosisView(d), pendingCount };
}

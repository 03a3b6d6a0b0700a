import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { recountPending } from '@/lib/diagnosis/recount-pending';
import { AppError, type ErrorDetail } from '@/lib/errors';
import { lockOverlapForWriting } from '@/lib/queue/overlap';
import { runStoppedEarly, TERMINATION_REASON_KEY } from '@/lib/trajectories/termination';
import {
  attachCheckpointsBodySchema,
  type LateCheckpointResult,
  type lateOutcomeSchema,
} from './checkpoint-results-schema';
import { findTrajectoryRef, type TrajectoryRef } from './find-trajectory-ref';
import { lateOutcome } from './late-outcome';
import { isInformationalOnly, RESULT_VALUE_FIELDS, type ResultValues } from './write-record';

export type AttachStatus = 'attached' | 'replaced' | 'unchanged';

export type AttachResult = {
  trajectoryId: string;
  externalId: string;
  checkpoints: { id: string; status: AttachStatus }[];
  outcome: { passed: boolean; score: number | null };
  /** Failed checkpoints (or the run as a whole) still waiting for a diagnosis: > 0 means it is in the queue. */
  pendingCount: number;
};

type Stored = ResultValues;

const same = (a: Stored, b: Stored) => RESULT_VALUE_FIELDS.every((k) => a[k] === b[k]);

export type AttachInput = {
  /** null: the command line (no signed-in user). */
  actorId: string | null;
  ref: TrajectoryRef;
  checkpoints: LateCheckpointResult[];
  outcome?: z.output<typeof lateOutcomeSchema>;
  /** Where result `i`'s field is in the caller's input, for error details (the body, a file's line). */
  pathOf?: (i: number, field: string) => string;
};

/**
 * Attaches checkpoint results to a trajectory imported without them (the
 * API's POST /api/trajectories/{id}/checkpoints, the checkpoints.v1 import).
 * Checks everything before writing anything: an unknown trajectory is a 404
 * naming it, a bad anchor or checkpoint name a 422 naming the field, and a
 * changed result for a checkpoint someone has diagnosed (or the run diagnosed
 * as a whole) a 409 naming the diagnosis, because a diagnosed item never
 * changes under its annotator. The same results again change nothing. Then
 * the results are written (the summary triggers recount the trajectory's
 * checkpoint list), the outcome follows the results unless one is given, and
 * the queue count is recounted, so the trajectory is queued exactly as if it
 * had been imported with them.
 */
export async function attachCheckpointResultsTx(tx: Tx, input: AttachInput): Promise<AttachResult> {
  const at = input.pathOf ?? ((i: number, field: string) => `checkpoints.${i}.${field}`);
  const trajectory = await findTrajectoryRef(tx, input.ref);
  const [{ terminationReason }] = await tx.$queryRaw<{ terminationReason: string | null }[]>`
    SELECT metadata->>${TERMINATION_REASON_KEY} AS "terminationReason" FROM "Trajectory"
    WHERE id = ${trajectory.id} FOR UPDATE`;
  await lockOverlapForWriting(tx, { trajectoryId: trajectory.id });

  const [taskCheckpoints, existing, runDiagnosis] = await Promise.all([
    tx.taskCheckpoint.findMany({ where: { taskId: trajectory.taskId }, orderBy: { position: 'asc' } }),
    tx.checkpointResult.findMany({
      where: { trajectoryId: trajectory.id },
      include: {
        checkpoint: { select: { key: true } },
        diagnoses: { select: { id: true, status: true }, orderBy: { createdAt: 'asc' } },
        adjudication: { select: { id: true } },
      },
    }),
    tx.diagnosis.findFirst({ where: { runTrajectoryId: trajectory.id }, select: { id: true, status: true } }),
  ]);
  const byKey = new Map(taskCheckpoints.map((c) => [c.key, c]));
  const resultByKey = new Map(existing.map((r) => [r.checkpoint.key, r]));
  const spans = await spanPositions(tx, trajectory.id, input.checkpoints);

  const problems: ErrorDetail[] = [];
  const conflicts: ErrorDetail[] = [];
  const plan: { key: string; row: Stored; status: AttachStatus; resultId?: string; before?: Stored }[] = [];
  input.checkpoints.forEach((c, i) => {
    const known = byKey.get(c.id);
    if (!known && !c.name)
      problems.push({
        path: at(i, 'name'),
        message: `checkpoint "${c.id}" is not one of the task's checkpoints: give its name to add it`,
      });
    if (known && c.name && c.name !== known.name)
      problems.push({
        path: at(i, 'name'),
        message: `checkpoint "${c.id}" is named "${known.name}" in the task, not "${c.name}"`,
      });
    let eventIndex = c.event_index ?? null;
    if (eventIndex != null && eventIndex >= trajectory.eventCount)
      problems.push({
        path: at(i, 'event_index'),
        message: `event_index ${eventIndex} is past the last event (${trajectory.eventCount - 1})`,
      });
    if (c.span_id != null) {
      eventIndex = spans.get(c.span_id) ?? null;
      if (eventIndex == null)
        problems.push({ path: at(i, 'span_id'), message: `no event of this trajectory came from span ${c.span_id}` });
    }
    const row: Stored = {
      passed: c.passed,
      score: c.score ?? null,
      total: c.total ?? null,
      note: c.note ?? null,
      eventIndex,
      inRewardBasis: c.in_reward_basis ?? null,
    };
    const prior = resultByKey.get(c.id);
    if (!prior) return void plan.push({ key: c.id, row, status: 'attached' });
    if (same(prior, row)) return void plan.push({ key: c.id, row, status: 'unchanged' });
    const diagnosis = prior.diagnoses[0];
    if (diagnosis || prior.adjudication)
      conflicts.push({
        path: at(i, 'id'),
        message: diagnosis
          ? `checkpoint "${c.id}" is diagnosed (diagnosis ${diagnosis.id}, ${diagnosis.status.toLowerCase()}): its result cannot change`
          : `checkpoint "${c.id}" is adjudicated (adjudication ${prior.adjudication!.id}): its result cannot change`,
      });
    plan.push({ key: c.id, row, status: 'replaced', resultId: prior.id, before: pick(prior) });
  });
  if (problems.length)
    throw new AppError('UNPROCESSABLE', `Checkpoint results not attached: ${problems[0].message}`, problems);
  const changes = plan.filter((p) => p.status !== 'unchanged');
  if (changes.length && runDiagnosis)
    conflicts.unshift({
      path: 'trajectory',
      message: `the run is diagnosed as a whole (diagnosis ${runDiagnosis.id}, ${runDiagnosis.status.toLowerCase()}): its results cannot change`,
    });
  if (conflicts.length)
    throw new AppError('CONFLICT', `Checkpoint results not attached: ${conflicts[0].message}`, conflicts, {
      reason: 'DIAGNOSED',
    });

  let position = taskCheckpoints.length ? taskCheckpoints[taskCheckpoints.length - 1].position + 1 : 0;
  for (const [i, p] of plan.entries()) {
    if (p.status === 'unchanged') continue;
    let checkpointId = byKey.get(p.key)?.id;
    if (!checkpointId) {
      const c = input.checkpoints[i];
      // Results for two runs of one task may add the same checkpoint at once: the first one's row is the task's.
      await tx.taskCheckpoint.createMany({
        data: { taskId: trajectory.taskId, key: p.key, name: c.name!, description: c.description ?? null, position },
        skipDuplicates: true,
      });
      checkpointId = (
        await tx.taskCheckpoint.findUniqueOrThrow({
          where: { taskId_key: { taskId: trajectory.taskId, key: p.key } },
          select: { id: true },
        })
      ).id;
      position++;
    }
    if (p.resultId) await tx.checkpointResult.update({ where: { id: p.resultId }, data: p.row });
    else await tx.checkpointResult.create({ data: { ...p.row, trajectoryId: trajectory.id, checkpointId } });
  }

  const outcome =
    changes.length || input.outcome
      ? await recomputeOutcome(tx, { ...trajectory, terminationReason }, input.outcome)
      : trajectory;
  const pendingCount = await recountPending(tx, trajectory.id);
  if (pendingCount === 0) await tx.queueClaim.deleteMany({ where: { trajectoryId: trajectory.id } });
  if (changes.length || outcome.passed !== trajectory.passed || outcome.score !== trajectory.score)
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'checkpoints.attach',
      entityType: 'Trajectory',
      entityId: trajectory.id,
      before: {
        outcome: { passed: trajectory.passed, score: trajectory.score },
        checkpoints: Object.fromEntries(changes.filter((c) => c.before).map((c) => [c.key, c.before])),
      },
      after: {
        outcome: { passed: outcome.passed, score: outcome.score },
        checkpoints: Object.fromEntries(changes.map((c) => [c.key, { ...c.row, status: c.status }])),
      },
    });
  return {
    trajectoryId: trajectory.id,
    externalId: trajectory.externalId,
    checkpoints: plan.map((p) => ({ id: p.key, status: p.status })),
    outcome: { passed: outcome.passed, score: outcome.score },
    pendingCount,
  };
}

const pick = (r: Stored): Stored => Object.fromEntries(RESULT_VALUE_FIELDS.map((k) => [k, r[k]])) as Stored;

/** Event positions by the span id each event came from (traces keep it in the event's metadata). */
async function spanPositions(tx: Tx, trajectoryId: string, checkpoints: LateCheckpointResult[]) {
  const ids = [...new Set(checkpoints.flatMap((c) => (c.span_id ? [c.span_id] : [])))];
  if (!ids.length) return new Map<string, number>();
  const rows = await tx.$queryRaw<{ position: number; span: string }[]>`
    SELECT position, metadata->>'span_id' AS span FROM "Event"
    WHERE "trajectoryId" = ${trajectoryId} AND metadata->>'span_id' = ANY(${ids}::text[])
    ORDER BY position`;
  const out = new Map<string, number>();
  for (const r of rows) if (!out.has(r.span)) out.set(r.span, r.position);
  return out;
}

async function recomputeOutcome(
  tx: Tx,
  trajectory: {
    id: string;
    passed: boolean;
    score: number | null;
    outcomeReason: string | null;
    terminationReason: string | null;
  },
  given: AttachInput['outcome'],
) {
  const results = await tx.checkpointResult.findMany({
    where: { trajectoryId: trajectory.id },
    select: { passed: true, score: true, total: true, inRewardBasis: true },
  });
  const outcome = lateOutcome(results, given, runStoppedEarly(trajectory)) ?? {
    passed: trajectory.passed,
    score: trajectory.score,
  };
  const failed = results.filter((r) => !r.passed);
  await tx.trajectory.update({
    where: { id: trajectory.id },
    data: {
      passed: outcome.passed,
      score: outcome.score,
      ...(given?.reason !== undefined ? { outcomeReason: given.reason } : {}),
      failedCount: failed.length,
      informationalOnly: isInformationalOnly(
        outcome.passed,
        failed.map((r) => ({ in_reward_basis: r.inRewardBasis })),
      ),
    },
  });
  return outcome;
}

/** The API's entry: POST /api/trajectories/{id}/checkpoints (the import permission: results are imported data). */
export async function attachCheckpoints(actor: Actor, trajectory: string, body: unknown): Promise<AttachResult> {
  requirePermission(actor, 'import:run');
  const input = attachCheckpointsBodySchema.parse(body);
  return prisma.$transaction((tx) =>
    attachCheckpointResultsTx(tx, { actorId: actor.userId, ref: { trajectory }, ...input }),
  );
}

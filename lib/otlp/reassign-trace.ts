import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { nativeTaskSchema } from '@/lib/import/native-schema';
import { taskDefinitionHash } from '@/lib/import/write-record';
import { notifyChange } from '@/lib/live/notify';
import { UNASSIGNED_TASK } from './spans-to-record';

export const reassignTraceSchema = z
  .strictObject({
    /** An existing task's id (Task.id). */
    taskId: z.string().trim().min(1).optional(),
    /** Or a task by its benchmark and id, created when the console does not have it yet. */
    task: z
      .strictObject({
        benchmark: z.string().trim().min(1).max(200),
        id: z.string().trim().min(1).max(500),
        instruction: z.string().trim().min(1).max(20_000).optional(),
      })
      .optional(),
  })
  .refine((v) => (v.taskId ? 1 : 0) + (v.task ? 1 : 0) === 1, {
    message: 'give either taskId (an existing task) or task { benchmark, id } (found or created), not both',
    path: ['taskId'],
  });
export type ReassignTraceInput = z.input<typeof reassignTraceSchema>;

export type ReassignTraceResult = {
  trajectoryId: string;
  task: { id: string; benchmark: string; externalId: string; created: boolean };
};

const isUnassigned = (t: { benchmark: string; externalId: string }) =>
  t.benchmark === UNASSIGNED_TASK.benchmark && t.externalId === UNASSIGNED_TASK.id;

/** The target task: the one named by id, or found / created by benchmark and id (a definition guessed from a run). */
async function targetTask(tx: Tx, input: z.output<typeof reassignTraceSchema>, apps: string[]) {
  if (input.taskId) {
    const task = await tx.task.findUnique({ where: { id: input.taskId } });
    if (!task) throw notFound(`Task ${input.taskId}`, 'taskId');
    return { task, created: false };
  }
  const { benchmark, id, instruction } = input.task!;
  const existing = await tx.task.findUnique({ where: { benchmark_externalId: { benchmark, externalId: id } } });
  if (existing) return { task: existing, created: false };
  // Hashed like an imported task whose instruction was guessed, so a later import of the real
  // definition is not refused as a conflict over it.
  const definition = nativeTaskSchema.parse({
    id,
    benchmark,
    instruction: instruction ?? `Task ${id}`,
    apps,
    metadata: instruction
      ? { source: 'otlp-reassign' }
      : { source: 'otlp-reassign', instruction_source: 'first_user_message' },
  });
  const task = await tx.task.create({
    data: {
      benchmark,
      externalId: id,
      instruction: definition.instruction,
      apps,
      metadata: definition.metadata as Prisma.InputJsonValue,
      contentHash: taskDefinitionHash(definition),
    },
  });
  return { task, created: true };
}

/**
 * Moves a trajectory that arrived over OTLP without naming its task (docs/send-traces.md, the
 * "unassigned" task of benchmark otlp) under a real task: an existing one, or one found or created
 * by benchmark and id. Its checkpoint results move with it, each to the target's checkpoint of the
 * same key (created when the target lacks it), so diagnoses stay attached. Only unassigned runs
 * move: re-filing a run that named its task would contradict what the agent sent.
 */
export async function reassignTrace(
  actor: Actor,
  trajectoryId: string,
  rawInput: unknown,
): Promise<ReassignTraceResult> {
  requirePermission(actor, 'trajectory:reassign');
  const input = reassignTraceSchema.parse(rawInput);
  return prisma.$transaction(async (tx) => {
    // The row lock serialises two admins re-assigning the same run.
    await tx.$queryRaw`SELECT id FROM "Trajectory" WHERE id = ${trajectoryId} FOR UPDATE`;
    const trajectory = await tx.trajectory.findUnique({
      where: { id: trajectoryId },
      select: {
        id: true,
        externalId: true,
        task: { select: { id: true, benchmark: true, externalId: true, apps: true } },
        checkpoints: {
          select: {
            id: true,
            checkpoint: { select: { key: true, name: true, description: true, kind: true, weight: true } },
          },
        },
      },
    });
    if (!trajectory) throw notFound(`Trajectory ${trajectoryId}`, 'trajectoryId');
    const from = trajectory.task;
    if (!isUnassigned(from))
      throw new AppError(
        'CONFLICT',
        `Trajectory ${trajectory.externalId} is under task ${from.benchmark}:${from.externalId}, not the unassigned OTLP task: only unassigned traces can be re-assigned`,
        [{ path: 'trajectoryId', message: 'not under the unassigned task' }],
      );
    const { task, created } = await targetTask(tx, input, from.apps);
    if (isUnassigned(task))
      throw new AppError('VALIDATION', 'The target is the unassigned task itself: name a real task', [
        { path: input.taskId ? 'taskId' : 'task', message: 'the unassigned task' },
      ]);

    const checkpoints = new Map(
      (await tx.taskCheckpoint.findMany({ where: { taskId: task.id }, select: { id: true, key: true } })).map((c) => [
        c.key,
        c.id,
      ]),
    );
    let position = checkpoints.size;
    for (const r of trajectory.checkpoints) {
      let checkpointId = checkpoints.get(r.checkpoint.key);
      if (!checkpointId) {
        checkpointId = (
          await tx.taskCheckpoint.create({ data: { taskId: task.id, position: position++, ...r.checkpoint } })
        ).id;
        checkpoints.set(r.checkpoint.key, checkpointId);
      }
      await tx.checkpointResult.update({ where: { id: r.id }, data: { checkpointId } });
    }
    await tx.trajectory.update({ where: { id: trajectory.id }, data: { taskId: task.id } });

    const describe = (t: { id: string; benchmark: string; externalId: string }) => ({
      taskId: t.id,
      benchmark: t.benchmark,
      task: t.externalId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'trajectory.reassign',
      entityType: 'Trajectory',
      entityId: trajectory.id,
      entityLabel: trajectory.externalId,
      before: describe(from),
      after: { ...describe(task), ...(created ? { taskCreated: true } : {}) },
    });
    await notifyChange(tx, { channel: 'imports', id: trajectory.id, status: 'otlp' });
    return {
      trajectoryId: trajectory.id,
      task: { id: task.id, benchmark: task.benchmark, externalId: task.externalId, created },
    };
  });
}

import type { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import { contentHash } from '@/lib/trajectories/content-hash';
import type { NativeRecord } from './native-schema';

export type WriteOutcome =
  | { status: 'imported'; trajectoryId: string; taskId: string }
  | { status: 'present'; trajectoryId: string; taskId: string }
  | { status: 'conflict'; path: string; reason: string };

const FEEDBACK = {
  self_judge: 'SELF_JUDGE',
  task_binary: 'TASK_BINARY',
  checkpoint_binary: 'CHECKPOINT_BINARY',
  checkpoint_binary_human: 'CHECKPOINT_BINARY_HUMAN',
} as const;

export function taskDefinitionHash(task: NativeRecord['task']): string {
  const { metadata: _metadata, ...definition } = task;
  return contentHash(definition);
}

export function trajectoryHash(record: NativeRecord): string {
  return contentHash({ trajectory: record.trajectory, events: record.events, checkpoints: record.checkpoints });
}

/**
 * Writes one validated record inside the caller's transaction: the task (once),
 * the trajectory, its events and checkpoint results. Re-writing the same
 * record is a no-op ("present"); a different record under an existing id is a
 * conflict and nothing is written.
 */
export async function writeNativeRecord(tx: Tx, record: NativeRecord, opts: { importJobId?: string } = {}): Promise<WriteOutcome> {
  const { task: t, trajectory: tr } = record;
  const taskHash = taskDefinitionHash(t);
  let task = await tx.task.findUnique({
    where: { benchmark_externalId: { benchmark: t.benchmark, externalId: t.id } },
    include: { checkpoints: true },
  });
  if (task && task.contentHash !== taskHash) {
    return { status: 'conflict', path: 'task', reason: `task ${t.benchmark}:${t.id} is already imported with a different definition` };
  }
  if (!task) {
    task = await tx.task.create({
      data: {
        benchmark: t.benchmark,
        externalId: t.id,
        ability: t.ability ?? null,
        instruction: t.instruction,
        apps: t.apps,
        split: t.split === 'heldout' ? 'HELDOUT' : t.split === 'reference' ? 'REFERENCE' : null,
        metadata: t.metadata as Prisma.InputJsonValue,
        contentHash: taskHash,
        checkpoints: {
          create: t.checkpoints.map((c, position) => ({
            key: c.id,
            name: c.name,
            description: c.description ?? null,
            kind: c.kind ?? null,
            weight: c.weight,
            position,
          })),
        },
      },
      include: { checkpoints: true },
    });
  }

  const hash = trajectoryHash(record);
  const existing = await tx.trajectory.findUnique({ where: { externalId: tr.id }, select: { id: true, contentHash: true, taskId: true } });
  if (existing) {
    if (existing.contentHash === hash && existing.taskId === task.id) return { status: 'present', trajectoryId: existing.id, taskId: task.id };
    return { status: 'conflict', path: 'trajectory.id', reason: `trajectory ${tr.id} is already imported with different content` };
  }

  const failed = record.checkpoints.filter((c) => !c.passed).length;
  const trajectory = await tx.trajectory.create({
    data: {
      externalId: tr.id,
      taskId: task.id,
      model: tr.model,
      agent: tr.agent ?? null,
      trial: tr.trial ?? null,
      passed: tr.outcome.passed,
      score: tr.outcome.score ?? null,
      outcomeReason: tr.outcome.reason ?? null,
      feedbackKind: FEEDBACK[tr.feedback],
      memoryRelease: tr.memory?.bank_release ?? null,
      memoryCardIds: tr.memory?.card_ids ?? [],
      metadata: tr.metadata as Prisma.InputJsonValue,
      contentHash: hash,
      eventCount: record.events.length,
      failedCount: failed,
      pendingCount: failed,
      importJobId: opts.importJobId ?? null,
    },
  });
  if (record.events.length) {
    await tx.event.createMany({
      data: record.events.map((e, position) => ({
        trajectoryId: trajectory.id,
        position,
        source: e.source.toUpperCase() as 'AGENT',
        type: e.type.toUpperCase() as 'MESSAGE',
        tool: e.tool ?? null,
        arguments: (e.arguments ?? undefined) as Prisma.InputJsonValue | undefined,
        callId: e.call_id ?? null,
        content: e.content ?? null,
        error: e.error ?? false,
        metadata: (e.metadata ?? undefined) as Prisma.InputJsonValue | undefined,
      })),
    });
  }
  const checkpointIds = new Map(task.checkpoints.map((c) => [c.key, c.id]));
  if (record.checkpoints.length) {
    await tx.checkpointResult.createMany({
      data: record.checkpoints.map((c) => ({
        trajectoryId: trajectory.id,
        checkpointId: checkpointIds.get(c.id)!,
        passed: c.passed,
        score: c.score ?? null,
        total: c.total ?? null,
        note: c.note ?? null,
        eventIndex: c.event_index ?? null,
      })),
    });
  }
  return { status: 'imported', trajectoryId: trajectory.id, taskId: task.id };
}

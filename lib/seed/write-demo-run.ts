import type { Tx } from '@/lib/db/prisma';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { DEMO_BENCHMARK, expandAttempt, type DemoTask } from './demo-world';

/**
 * Writes one demo run of a task as a native record (trajectory.v1), through the importer's writer
 * like any imported run. `id` is the trajectory's external id; `memory` the release and cards it ran with.
 */
export async function writeDemoRun(
  tx: Tx,
  task: DemoTask,
  attempt: DemoTask['attempts'][number],
  id: string,
  memory?: { bank_release: string; card_ids: string[] },
): Promise<{ trajectoryId: string; taskId: string }> {
  const { events, checkpoints, passed } = expandAttempt(task, attempt);
  const record = nativeRecordSchema.parse({
    format: 'trajectory.v1',
    task: {
      id: task.externalId,
      benchmark: DEMO_BENCHMARK,
      ability: task.ability,
      instruction: task.instruction,
      apps: task.apps,
      split: 'reference',
      checkpoints: task.checkpoints.map((c) => ({ id: c.key, name: c.name, description: c.description })),
    },
    trajectory: {
      id,
      model: attempt.model,
      agent: attempt.agent,
      trial: 0,
      outcome: { passed, score: passed ? 1 : 0, reason: 'user_stop' },
      feedback: 'checkpoint_binary',
      ...(memory ? { memory } : {}),
    },
    events,
    checkpoints,
  });
  const result = await writeNativeRecord(tx, record);
  if (result.status === 'conflict') throw new Error(`demo seed conflict: ${result.reason}`);
  return { trajectoryId: result.trajectoryId, taskId: result.taskId };
}

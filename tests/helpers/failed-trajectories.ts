import { prisma } from '@/lib/db/prisma';
import { nativeRecordSchema, type NativeRecordInput } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { ensureFailureCategories } from '@/lib/seed/seed-demo';
import { uid } from './factories';

/**
 * A small native record whose checkpoints fail as asked; events alternate tool
 * calls and observations so event ranges are meaningful.
 */
export function failedRecord(opts: {
  benchmark: string;
  taskId?: string;
  ability?: string;
  model?: string;
  failed?: number;
  passed?: number;
  /** Checkpoint keys, the first `failed` of them failed (default cp_0, cp_1, …). */
  keys?: string[];
  events?: number;
  content?: (i: number) => string;
}): NativeRecordInput {
  const failed = opts.failed ?? 1;
  const passed = opts.passed ?? 1;
  const n = Math.max(opts.events ?? 8, 2);
  const keys = opts.keys ?? Array.from({ length: failed + passed }, (_, i) => `cp_${i}`);
  const events: NativeRecordInput['events'] = [
    { source: 'user', type: 'message', content: opts.content?.(0) ?? 'Please fix my booking.' },
  ];
  for (let i = 1; events.length < n - 1; i++) {
    events.push({
      source: 'agent',
      type: 'tool_call',
      tool: 'airline.get_reservation',
      arguments: { reservation_id: `R${i}` },
      call_id: `c${i}`,
    });
    if (events.length < n - 1)
      events.push({
        source: 'environment',
        type: 'observation',
        call_id: `c${i}`,
        content: opts.content?.(events.length) ?? `{"id":"R${i}"}`,
      });
  }
  events.push({ source: 'agent', type: 'final', content: 'Done.' });
  return {
    format: 'trajectory.v1',
    task: {
      id: opts.taskId ?? `task-${uid()}`,
      benchmark: opts.benchmark,
      ability: opts.ability ?? 'airline',
      instruction: 'Change the flight on reservation R1 to the cheapest option.',
      checkpoints: keys.map((k) => ({ id: k, name: `check ${k}` })),
    },
    trajectory: { id: `${opts.benchmark}:${uid()}`, model: opts.model ?? 'model-a', outcome: { passed: failed === 0 } },
    events,
    checkpoints: keys.map((k, i) => ({
      id: k,
      passed: i >= failed,
      note: i < failed ? `evaluator: ${k} not met` : undefined,
      event_index: Math.min(i + 1, n - 1),
    })),
  };
}

/** Imports records (one transaction) and returns their trajectory ids in order. */
export async function seedRecords(records: NativeRecordInput[]): Promise<string[]> {
  const ids: string[] = [];
  await prisma.$transaction(
    async (tx) => {
      await ensureFailureCategories(tx);
      for (const r of records) {
        const res = await writeNativeRecord(tx, nativeRecordSchema.parse(r));
        if (res.status === 'conflict') throw new Error(res.reason);
        ids.push(res.trajectoryId);
        // Distinct createdAt values keep the queue order deterministic.
        await tx.trajectory.update({
          where: { id: res.trajectoryId },
          data: { createdAt: new Date(Date.UTC(2026, 0, 1) + ids.length * 1000) },
        });
      }
    },
    { timeout: 60_000 },
  );
  return ids;
}

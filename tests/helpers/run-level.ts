import type { NativeRecordInput } from '@/lib/import/native-schema';
import { uid } from './factories';

/**
 * A run shaped like τ²-bench's `max_steps` case (issue 39: a gpt-oss airline run of 204 events, 100 of them
 * the same looping tool call): a request, then the same search called again and again, cut off at the step
 * limit, with no checkpoint results at all.
 */
export function maxStepsRecord(opts: {
  benchmark: string;
  taskId?: string;
  model?: string;
  /** Repeated tool calls (each with its observation). */
  loops?: number;
  reason?: string;
}): NativeRecordInput {
  const loops = opts.loops ?? 6;
  const events: NativeRecordInput['events'] = [
    { source: 'user', type: 'message', content: 'Book me the cheapest flight from JFK to SEA on May 20.' },
  ];
  for (let i = 0; i < loops; i++) {
    events.push({
      source: 'agent',
      type: 'tool_call',
      tool: 'airline.search_direct_flight',
      arguments: { origin: 'JFK', destination: 'SEA', date: '2024-05-20' },
      call_id: `loop${i}`,
    });
    events.push({ source: 'environment', type: 'observation', call_id: `loop${i}`, content: '[]' });
  }
  return {
    format: 'trajectory.v1',
    task: {
      id: opts.taskId ?? `airline/${uid()}`,
      benchmark: opts.benchmark,
      ability: 'airline',
      instruction: 'Book the cheapest flight from JFK to SEA on May 20; try a one-stop flight if no direct one exists.',
      apps: ['airline'],
      checkpoints: [{ id: 'db', name: 'Final database state matches the expected one' }],
    },
    trajectory: {
      id: `${opts.benchmark}:${uid()}`,
      model: opts.model ?? 'gpt-oss-120b',
      outcome: { passed: false, score: 0, reason: opts.reason ?? 'max_steps' },
    },
    events,
    checkpoints: [],
  };
}

/** A complete diagnosis of a maxStepsRecord run as a whole (its looping events 1–12) under one category. */
export const loopRunDiagnosis = (categoryId: string) => ({
  categoryId,
  eventStart: 1,
  eventEnd: 12,
  whatWentWrong: 'The agent called search_direct_flight with the same arguments again and again.',
  whatShouldHaveHappened: 'After an empty result, search one-stop flights or tell the user none exist.',
});

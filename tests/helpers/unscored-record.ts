import type { NativeRecordInput } from '@/lib/import/native-schema';
import { uid } from './factories';

/** A run imported before its evaluation: passed as far as the import knows, no checkpoint results, span ids on its events. */
export function unscoredRecord(benchmark: string, opts: { id?: string; metadata?: Record<string, unknown> } = {}) {
  return {
    format: 'trajectory.v1',
    task: {
      id: `task-${uid()}`,
      benchmark,
      ability: 'airline',
      instruction: 'Change the flight on reservation R1.',
      checkpoints: [
        { id: 'cp_0', name: 'looked up the reservation' },
        { id: 'cp_1', name: 'changed the flight' },
      ],
    },
    trajectory: {
      id: opts.id ?? `${benchmark}:${uid()}`,
      model: 'model-a',
      outcome: { passed: true },
      metadata: opts.metadata ?? {},
    },
    events: [
      { source: 'user', type: 'message', content: 'Please move my flight.', metadata: { span_id: 'span-0' } },
      {
        source: 'agent',
        type: 'tool_call',
        tool: 'airline.get_reservation',
        arguments: { id: 'R1' },
        call_id: 'c1',
        metadata: { span_id: 'span-1' },
      },
      { source: 'environment', type: 'observation', call_id: 'c1', content: '{"id":"R1"}' },
      { source: 'agent', type: 'final', content: 'Done.', metadata: { span_id: 'span-3' } },
    ],
    checkpoints: [],
  } satisfies NativeRecordInput;
}

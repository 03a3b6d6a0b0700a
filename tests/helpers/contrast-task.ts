import type { NativeRecordInput } from '@/lib/import/native-schema';
import { seedRecords } from './failed-trajectories';
import { uid } from './factories';

/**
 * One airline task with passing and failing runs that differ only in
 * `total_baggages` (0 vs 1) on the same update call — the contrast that
 * de-identification used to erase. Checkpoint 0 fails on failing runs and is
 * anchored at the update call (event 3). `ability` (default airline) gives a
 * test its own bank, so cards another test approved do not turn its proposal into a NOOP.
 */
export async function seedBaggageContrastTask(
  opts: { passing?: number; failing?: number; benchmark?: string; ability?: string } = {},
) {
  const benchmark = opts.benchmark ?? `bench-${uid()}`;
  const taskId = `airline-${uid()}`;
  const record = (passed: boolean, i: number): NativeRecordInput => ({
    format: 'trajectory.v1',
    task: {
      id: taskId,
      benchmark,
      ability: opts.ability ?? 'airline',
      instruction: 'Change my flight on reservation ZFA04Y to the next day; I am not bringing any bags.',
      checkpoints: [
        { id: 'cp_0', name: 'airline.update_reservation_flights' },
        { id: 'cp_1', name: 'final answer' },
      ],
    },
    trajectory: {
      id: `${benchmark}:${passed ? 'pass' : 'fail'}-${i}`,
      model: passed ? `model-pass-${i}` : `model-fail-${i}`,
      outcome: { passed },
    },
    events: [
      { source: 'user', type: 'message', content: 'Please move my flight to the next day. No bags this time.' },
      {
        source: 'agent',
        type: 'tool_call',
        tool: 'airline.get_reservation_details',
        arguments: { reservation_id: 'ZFA04Y' },
        call_id: 'c1',
      },
      {
        source: 'environment',
        type: 'observation',
        call_id: 'c1',
        content: '{"reservation_id":"ZFA04Y","cabin":"economy","total_baggages":1}',
      },
      {
        source: 'agent',
        type: 'tool_call',
        tool: 'airline.update_reservation_flights',
        arguments: {
          reservation_id: 'ZFA04Y',
          cabin: 'economy',
          flight_number: 'HAT170',
          total_baggages: passed ? 0 : 1,
          payment_id: 'credit_card_4421486',
        },
        call_id: 'c2',
      },
      {
        source: 'environment',
        type: 'observation',
        call_id: 'c2',
        content: '{"reservation_id":"ZFA04Y","status":"updated"}',
      },
      { source: 'agent', type: 'final', content: 'Your flight was changed.' },
    ],
    checkpoints: [
      {
        id: 'cp_0',
        passed,
        note: passed ? undefined : 'db_check: baggage count differs from the gold database',
        event_index: 3,
      },
      { id: 'cp_1', passed: true },
    ],
  });
  const records = [
    ...Array.from({ length: opts.passing ?? 2 }, (_, i) => record(true, i)),
    ...Array.from({ length: opts.failing ?? 2 }, (_, i) => record(false, i)),
  ];
  const ids = await seedRecords(records);
  return {
    benchmark,
    taskExternalId: taskId,
    trajectoryIds: ids,
    passingIds: ids.slice(0, opts.passing ?? 2),
    failingIds: ids.slice(opts.passing ?? 2),
  };
}

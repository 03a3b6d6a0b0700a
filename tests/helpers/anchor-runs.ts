/**
 * Two τ²-bench-shaped airline runs, self-written after the two real cases of
 * anchoring an expected call to the wrong actual call (issue 39):
 * - task "33": checkpoint 33_2 expects a search LAS→IAH on 05-21; the run
 *   searched IAH→LAS on 05-20 at #10 (all three arguments differ) and LAS→IAH
 *   on 05-23 at #11 (only the date differs);
 * - task "7": 7_4 passed by the baggage update at #22; failed 7_3 expects the
 *   same update on another reservation, which the run attempted at #26 with
 *   the wrong bag counts. #22 differs from 7_3 in one argument, #26 in two:
 *   only "not already matched" keeps 7_3 off #22. `retry: false` drops #26, so
 *   #22 is the only call left (and must be said to have passed 7_4).
 * Positions are fixed by padding with conversation turns.
 */
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { nativeRecordSchema, type NativeRecord } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { ensureFailureCategories } from '@/lib/seed/seed-demo';
import { uid } from './factories';

type Json = Record<string, unknown>;

export const SEARCH_EXPECTED = { origin: 'LAS', destination: 'IAH', date: '2024-05-21' };
export const SEARCH_FAR = { origin: 'IAH', destination: 'LAS', date: '2024-05-20' };
export const SEARCH_CLOSE = { origin: 'LAS', destination: 'IAH', date: '2024-05-23' };
const UPDATE_33 = {
  reservation_id: 'XEHM4B',
  cabin: 'economy',
  flights: [{ flight_number: 'HAT266', date: '2024-05-23' }],
  payment_id: 'credit_card_2408938',
};
export const BAGS_7_4 = { reservation_id: 'M20IZO', total_baggages: 1, nonfree_baggages: 0, payment_id: 'gift_card_5' };
export const BAGS_7_3 = { ...BAGS_7_4, reservation_id: '4N3VBE' };
export const BAGS_RETRY = { ...BAGS_7_3, total_baggages: 2, nonfree_baggages: 1 };

const info = (domain: string) => ({
  agent_info: { implementation: 'llm_agent', llm: 'gpt-5.4' },
  user_info: { llm: 'gpt-4.1' },
  environment_info: { domain_name: domain },
});

const say = (role: 'assistant' | 'user', content: string): Json => ({ role, content });
const call = (id: string, name: string, args: Json): Json => ({
  role: 'assistant',
  tool_calls: [{ id, name, arguments: args }],
});
const result = (id: string, content: string): Json => ({ role: 'tool', id, content });
/** Conversation turns (one event each) until the next message lands at `position`. */
function padTo(out: Json[], position: number) {
  while (out.length < position) out.push(say(out.length % 2 ? 'user' : 'assistant', `Turn ${out.length}.`));
}

function task(id: string, actions: Json[]): Json {
  return {
    id,
    description: { purpose: `Self-written case ${id}.` },
    user_scenario: { instructions: { reason_for_call: `Case ${id}: change my trip.`, known_info: 'user ivan_1' } },
    evaluation_criteria: { actions, reward_basis: ['DB', 'COMMUNICATE'] },
  };
}

function simulation(taskId: string, messages: Json[], checks: [string, boolean][]): Json {
  return {
    id: `sim-${taskId}-${uid()}`,
    task_id: taskId,
    trial: 0,
    termination_reason: 'user_stop',
    messages,
    reward_info: {
      reward: 0,
      db_check: { db_match: false, db_reward: 0 },
      action_checks: checks.map(([id, ok]) => ({
        action: { action_id: id },
        action_match: ok,
        action_reward: ok ? 1 : 0,
      })),
    },
  };
}

/** Airline/33: two searches at #10 and #11, the booking update (33_3, passed) at #16. */
export function closestCallRecord(domain = 'airline'): NativeRecord {
  const messages: Json[] = [
    say('assistant', 'Hi! How can I help you today?'),
    say('user', 'I need to move my flight from Las Vegas to Houston.'),
    call('u1', 'get_user_details', { user_id: 'ivan_1' }),
    result('u1', '{"user_id": "ivan_1", "reservations": ["XEHM4B"]}'),
    call('r1', 'get_reservation_details', { reservation_id: 'XEHM4B' }),
    result('r1', '{"reservation_id": "XEHM4B", "origin": "LAS", "destination": "IAH"}'),
  ];
  padTo(messages, 10);
  messages.push({
    role: 'assistant',
    tool_calls: [
      { id: 's1', name: 'search_direct_flight', arguments: SEARCH_FAR },
      { id: 's2', name: 'search_direct_flight', arguments: SEARCH_CLOSE },
    ],
  });
  messages.push(result('s1', '[]'), result('s2', '[{"flight_number": "HAT266", "price": 128}]'));
  padTo(messages, 15);
  messages.push(call('b1', 'update_reservation_flights', UPDATE_33));
  messages.push(result('b1', '{"reservation_id": "XEHM4B"}'));
  const t = task('33', [
    { action_id: '33_0', name: 'get_user_details', arguments: { user_id: 'ivan_1' }, compare_args: null },
    { action_id: '33_1', name: 'get_reservation_details', arguments: { reservation_id: 'XEHM4B' } },
    { action_id: '33_2', name: 'search_direct_flight', arguments: SEARCH_EXPECTED },
    { action_id: '33_3', name: 'update_reservation_flights', arguments: UPDATE_33 },
  ]);
  const sim = simulation('33', messages, [
    ['33_0', true],
    ['33_1', true],
    ['33_2', false],
    ['33_3', true],
  ]);
  return nativeRecordSchema.parse(tau2SimulationToRecord(info(domain), t, sim));
}

/** Airline/7: the update that passed 7_4 at #22; with `retry`, a second update for 7_3 at #26. */
export function passedCallRecord(domain = 'airline', opts: { retry?: boolean } = {}): NativeRecord {
  const messages: Json[] = [
    say('assistant', 'Hi! How can I help you today?'),
    say('user', 'I want to add bags to two of my reservations.'),
  ];
  padTo(messages, 22);
  messages.push(call('g1', 'update_reservation_baggages', BAGS_7_4));
  messages.push(result('g1', '{"reservation_id": "M20IZO"}'));
  padTo(messages, 26);
  if (opts.retry !== false) {
    messages.push(call('g2', 'update_reservation_baggages', BAGS_RETRY));
    messages.push(result('g2', '{"reservation_id": "4N3VBE"}'));
  }
  messages.push(say('assistant', 'Both reservations are updated.'));
  const t = task('7', [
    { action_id: '7_3', name: 'update_reservation_baggages', arguments: BAGS_7_3 },
    { action_id: '7_4', name: 'update_reservation_baggages', arguments: BAGS_7_4 },
  ]);
  const sim = simulation('7', messages, [
    ['7_3', false],
    ['7_4', true],
  ]);
  return nativeRecordSchema.parse(tau2SimulationToRecord(info(domain), t, sim));
}

/** Writes records (one transaction) under a fresh domain each; returns their trajectory ids. */
export async function seedAnchorRuns(records: NativeRecord[]): Promise<string[]> {
  const ids: string[] = [];
  await prisma.$transaction(
    async (tx) => {
      await ensureFailureCategories(tx);
      for (const r of records) {
        const res = await writeNativeRecord(tx, r);
        if (res.status !== 'imported') throw new Error(JSON.stringify(res));
        ids.push(res.trajectoryId);
      }
    },
    { timeout: 60_000 },
  );
  return ids;
}

/** A domain of its own, so tests never share a task. */
export const anchorDomain = () => `air${uid()}`;

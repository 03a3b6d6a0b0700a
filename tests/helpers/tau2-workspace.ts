/**
 * A small τ²-bench-shaped airline task, mapped by the real τ²-bench adapter,
 * for the annotator workspace tests: three runs of one booking task — two
 * pass, one fails because it booked with `total_baggages: 0` instead of 1.
 * The failing run uses the same model as a passing one under another harness
 * (agent). Its messages carry markdown, and optionally markdown XSS payloads.
 * Every call gets its own domain, so tests never share a task.
 */
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { ensureFailureCategories } from '@/lib/seed/seed-demo';
import { uid } from './factories';

type Json = Record<string, unknown>;

export const DECISIVE_SENTENCE = 'Whatever the agent suggests, you want exactly one checked bag on this booking.';
export const MARKDOWN_XSS = [
  '[click me](javascript:window.__pwned=1)',
  '![tracker](http://127.0.0.1:9/pixel.png)',
  '<b onmouseover="window.__pwned=2">inline html</b>',
  '<img src=x onerror="window.__pwned=3">',
].join(' ');

const BOOKING = {
  user_id: 'mia_li_3668',
  origin: 'JFK',
  destination: 'SEA',
  flight_type: 'one_way',
  cabin: 'economy',
  flights: [{ flight_number: 'HAT136', date: '2024-05-20' }],
  passengers: [{ first_name: 'Mia', last_name: 'Li', dob: '1990-04-05' }],
  payment_methods: [{ payment_id: 'credit_card_4421486', amount: 204 }],
  total_baggages: 1,
  nonfree_baggages: 0,
  insurance: 'no',
};

/** Identical look-ups every run makes first, so the divergence sits far down the contrast table. */
const SEARCHES = 24;

function messages(opts: { baggages: number; xss: boolean }): Json[] {
  const out: Json[] = [
    { role: 'assistant', content: 'Hi! How can I help you today?', turn_idx: 0 },
    { role: 'user', content: 'I want to book a one-way flight from JFK to Seattle on May 20.', turn_idx: 1 },
    {
      role: 'assistant',
      tool_calls: [{ id: 'u1', name: 'get_user_details', arguments: { user_id: 'mia_li_3668' } }],
      turn_idx: 2,
    },
    { role: 'tool', id: 'u1', content: '{"user_id": "mia_li_3668", "membership": "gold"}', turn_idx: 3 },
  ];
  for (let i = 0; i < SEARCHES; i++) {
    out.push({
      role: 'assistant',
      tool_calls: [
        {
          id: `s${i}`,
          name: 'search_direct_flight',
          arguments: {
            origin: 'JFK',
            destination: 'SEA',
            date: `2024-05-${String(20 + (i % 5)).padStart(2, '0')}`,
            page: i,
          },
        },
      ],
    });
    out.push({ role: 'tool', id: `s${i}`, content: `[{"flight_number": "HAT${100 + i}", "price": ${200 + i}}]` });
  }
  out.push({
    role: 'assistant',
    content: `Here is the booking:\n\n**Cabin:** economy\n\n- Flight HAT136 on 2024-05-20\n- Payment: credit card\n\nSee [the baggage policy](https://example.com/bags).\n\n${opts.xss ? MARKDOWN_XSS : 'Shall I book it?'}`,
  });
  out.push({ role: 'user', content: 'Yes, please book it.' });
  out.push({
    role: 'assistant',
    tool_calls: [{ id: 'b1', name: 'book_reservation', arguments: { ...BOOKING, total_baggages: opts.baggages } }],
  });
  out.push({ role: 'tool', id: 'b1', content: '{"reservation_id": "ZX81QK"}' });
  out.push({ role: 'assistant', content: 'Your flight is booked: reservation **ZX81QK**.' });
  return out;
}

function task(): Json {
  return {
    id: '900',
    description: { purpose: 'Book a one-way flight with one checked bag.' },
    user_scenario: {
      instructions: {
        reason_for_call:
          'You want to book a one-way flight from JFK to Seattle on 2024-05-20 in economy, paying with your credit card.',
        known_info:
          'You are Mia Li, user id mia_li_3668, born 1990-04-05. You travel alone and you do not want travel insurance.',
        unknown_info: 'You do not know the flight number; let the agent find the cheapest direct flight.',
        task_instructions: `Confirm the booking details when the agent reads them back, and do not volunteer extra information. ${DECISIVE_SENTENCE}`,
      },
    },
    evaluation_criteria: {
      actions: [
        { action_id: '900_0', name: 'get_user_details', arguments: { user_id: 'mia_li_3668' }, compare_args: null },
        { action_id: '900_1', name: 'book_reservation', arguments: BOOKING, compare_args: Object.keys(BOOKING) },
      ],
      nl_assertions: ['The agent reads the booking back before booking.'],
      reward_basis: ['DB', 'ACTION'],
    },
  };
}

function simulation(id: string, passed: boolean): Json {
  return {
    id,
    task_id: '900',
    trial: 0,
    termination_reason: 'user_stop',
    messages: messages({ baggages: passed ? 1 : 0, xss: !passed }),
    reward_info: {
      reward: passed ? 1 : 0,
      db_check: { db_match: passed, db_reward: passed ? 1 : 0 },
      action_checks: [
        { action: { action_id: '900_0', name: 'get_user_details' }, action_match: true, action_reward: 1 },
        {
          action: { action_id: '900_1', name: 'book_reservation' },
          action_match: passed,
          action_reward: passed ? 1 : 0,
        },
      ],
      nl_assertions: [
        { nl_assertion: 'The agent reads the booking back before booking.', met: true, justification: 'It did.' },
      ],
    },
  };
}

export type Tau2Workspace = {
  domain: string;
  taskId: string;
  externalId: string;
  failingId: string;
  passingIds: string[];
};

/**
 * Writes the three runs (the failing one last, so the queue offers it first among these);
 * `morePassingRuns` adds passing runs of further models (a contrast table wider than the page).
 */
export async function seedTau2Workspace(opts: { morePassingRuns?: number } = {}): Promise<Tau2Workspace> {
  const domain = `air${uid()}`;
  const runs = [
    { id: 'pass-opus', model: 'claude-opus-4-6', agent: 'llm_agent', passed: true },
    { id: 'pass-gpt', model: 'gpt-4.1', agent: 'llm_agent', passed: true },
    ...Array.from({ length: opts.morePassingRuns ?? 0 }, (_, i) => ({
      id: `pass-extra-${i}`,
      model: `extra-model-${i}`,
      agent: 'llm_agent',
      passed: true,
    })),
    { id: 'fail-opus', model: 'claude-opus-4-6', agent: 'tool_calling_agent', passed: false },
  ];
  const ids: string[] = [];
  let taskId = '';
  await prisma.$transaction(
    async (tx) => {
      await ensureFailureCategories(tx);
      for (const r of runs) {
        const info = {
          agent_info: { implementation: r.agent, llm: r.model },
          user_info: { llm: 'user-sim' },
          environment_info: { domain_name: domain },
        };
        const record = nativeRecordSchema.parse(tau2SimulationToRecord(info, task(), simulation(r.id, r.passed)));
        const res = await writeNativeRecord(tx, record);
        if (res.status !== 'imported') throw new Error(JSON.stringify(res));
        ids.push(res.trajectoryId);
        taskId = res.taskId;
      }
    },
    { timeout: 60_000 },
  );
  return { domain, taskId, externalId: `${domain}/900`, failingId: ids[ids.length - 1], passingIds: ids.slice(0, -1) };
}

/** Event position of the failing run's book_reservation call. */
export const BOOKING_EVENT = 4 + SEARCHES * 2 + 2;

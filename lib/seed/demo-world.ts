/**
 * A small, self-written synthetic world that makes every screen real: two
 * abilities (mail, travel), six tasks, three models per task with mixed
 * outcomes, named checkpoints anchored to events. Nothing here is copied from
 * public benchmark data.
 */
import type { NativeEvent } from '@/lib/import/native-schema';

export type DemoStep = {
  tool: string;
  args: Record<string, unknown>;
  result: string;
  error?: boolean;
  /** Checkpoint key this step satisfies when done right. */
  checkpoint?: string;
};

type DemoCheckpoint = { key: string; name: string; description: string };

export type DemoTask = {
  externalId: string;
  ability: 'mail' | 'travel';
  apps: string[];
  instruction: string;
  checkpoints: DemoCheckpoint[];
  /** The correct tool sequence. */
  steps: DemoStep[];
  /** Per model: index of the first wrong step (null = passes) and what it did instead. */
  attempts: { model: string; agent: string; divergeAt: number | null; wrong?: DemoStep; note?: string }[];
  finalAnswer: string;
};

export const DEMO_BENCHMARK = 'demo-suite';
export const DEMO_MODELS = ['orbit-large-2', 'quill-medium', 'vector-mini'] as const;

type DemoModel = (typeof DEMO_MODELS)[number];
type DemoAttempt = DemoTask['attempts'][number];

// Each model always runs under the same agent harness.
const AGENT: Record<DemoModel, string> = {
  'orbit-large-2': 'react-agent',
  'quill-medium': 'react-agent',
  'vector-mini': 'plan-execute',
};
const passes = (model: DemoModel): DemoAttempt => ({ model, agent: AGENT[model], divergeAt: null });
/** A failing attempt: right up to step `divergeAt`, then `wrong` instead; `note` is the judge's reason on the checkpoints it failed. */
const fails = (model: DemoModel, divergeAt: number, wrong: DemoStep, note: string): DemoAttempt => ({
  model,
  agent: AGENT[model],
  divergeAt,
  wrong,
  note,
});
const cp = (key: string, name: string, description: string): DemoCheckpoint => ({ key, name, description });
/** A tool call and what it returned. */
const call = (tool: string, args: Record<string, unknown>, result: string): DemoStep => ({ tool, args, result });

/** A step of the correct sequence that, done right, satisfies `checkpoint` (declared here, where it is earned). */
type CheckpointStep = DemoStep & { satisfies?: DemoCheckpoint };
const step = (tool: string, args: Record<string, unknown>, result: string, satisfies: DemoCheckpoint) => ({
  ...call(tool, args, result),
  checkpoint: satisfies.key,
  satisfies,
});

/**
 * A task from its steps: the ability is the id's prefix, and the checkpoints are those the steps
 * satisfy, in step order, then `judgedOnAnswer` (checkpoints no tool step satisfies, such as "told
 * the user", which expandAttempt judges on the final answer).
 */
function task(
  spec: Omit<DemoTask, 'ability' | 'checkpoints' | 'steps'> & {
    steps: CheckpointStep[];
    judgedOnAnswer?: DemoCheckpoint[];
  },
): DemoTask {
  const { judgedOnAnswer = [], steps, ...rest } = spec;
  const ability = rest.externalId.split('/')[0] as DemoTask['ability'];
  const earned = steps.flatMap((s) => (s.satisfies ? [s.satisfies] : []));
  return {
    externalId: rest.externalId,
    ability,
    apps: rest.apps,
    instruction: rest.instruction,
    checkpoints: [...earned, ...judgedOnAnswer],
    steps: steps.map(({ satisfies: _, ...s }) => s),
    attempts: rest.attempts,
    finalAnswer: rest.finalAnswer,
  };
}

const mailFolders = call('mail.list_folders', {}, '["INBOX","SENT","ARCHIVE","SPAM"]');

export const DEMO_TASKS: DemoTask[] = [
  task({
    externalId: 'mail/1',
    apps: ['mail', 'contacts'],
    instruction:
      'Find every unread message from the facilities team about the office move, then reply to the newest one confirming attendance on the proposed date.',
    steps: [
      mailFolders,
      call(
        'mail.search_messages',
        { query: 'office move', folder: 'INBOX', unread: true, page: 1 },
        '{"items":[{"id":"m-101","from":"Facilities Desk","date":"Mon 09:10"},{"id":"m-102","from":"Facilities Desk","date":"Tue 14:22"}],"next_page":2}',
      ),
      step(
        'mail.search_messages',
        { query: 'office move', folder: 'INBOX', unread: true, page: 2 },
        '{"items":[{"id":"m-117","from":"Facilities Desk","date":"Thu 08:05"}],"next_page":null}',
        cp('mail1_search', 'search_all_pages', 'Searched the inbox and read every page of results'),
      ),
      step(
        'mail.read_message',
        { message_id: 'm-117' },
        '{"subject":"Move on the 14th","body":"Please confirm you can attend the walkthrough on the 14th."}',
        cp('mail1_read', 'read_newest', 'Opened the newest matching message'),
      ),
      call(
        'contacts.find_contact',
        { name: 'Facilities Desk' },
        '{"name":"Facilities Desk","address":"facilities@demo.invalid"}',
      ),
      step(
        'mail.send_message',
        { reply_to: 'm-117', body: 'Confirmed: I will attend the walkthrough on the 14th.' },
        '{"status":"sent","id":"s-900"}',
        cp('mail1_reply', 'reply_confirm', 'Replied to the newest message confirming attendance'),
      ),
    ],
    attempts: [
      passes('orbit-large-2'),
      fails(
        'quill-medium',
        2,
        call(
          'mail.read_message',
          { message_id: 'm-102' },
          '{"subject":"Move dates","body":"Tentative dates to follow."}',
        ),
        'Only page 1 of the results was read; the newest message m-117 was on page 2.',
      ),
      fails(
        'vector-mini',
        5,
        call(
          'mail.send_message',
          { to: 'facilities@demo.invalid', body: 'Confirmed.' },
          '{"status":"sent","id":"s-901"}',
        ),
        'Sent a new message instead of replying in the thread; the date was not confirmed.',
      ),
    ],
    finalAnswer: 'I replied to the newest office-move message confirming attendance on the 14th.',
  }),
  task({
    externalId: 'mail/2',
    apps: ['mail'],
    instruction: 'Archive all newsletters older than this week, but keep anything flagged as important in the inbox.',
    steps: [
      mailFolders,
      step(
        'mail.search_messages',
        { query: 'newsletter', folder: 'INBOX', before: 'this_week', page: 1 },
        '{"items":[{"id":"n-1"},{"id":"n-2"},{"id":"n-3"}],"next_page":null}',
        cp('mail2_list', 'list_newsletters', 'Listed every newsletter older than this week'),
      ),
      step(
        'mail.get_flags',
        { message_ids: ['n-1', 'n-2', 'n-3'] },
        '{"n-1":[],"n-2":["important"],"n-3":[]}',
        cp('mail2_flags', 'check_flags', 'Checked the important flag before archiving'),
      ),
      step(
        'mail.move_messages',
        { message_ids: ['n-1', 'n-3'], folder: 'ARCHIVE' },
        '{"moved":2}',
        cp('mail2_archive', 'archive_unflagged', 'Archived only unflagged newsletters'),
      ),
    ],
    attempts: [
      passes('orbit-large-2'),
      passes('quill-medium'),
      fails(
        'vector-mini',
        2,
        call('mail.move_messages', { message_ids: ['n-1', 'n-2', 'n-3'], folder: 'ARCHIVE' }, '{"moved":3}'),
        'Archived the flagged newsletter n-2 without checking flags.',
      ),
    ],
    finalAnswer: 'Archived two old newsletters; kept the important one in the inbox.',
  }),
  task({
    externalId: 'mail/3',
    apps: ['mail', 'contacts'],
    instruction:
      'Forward the latest invoice from the supplier to the finance contact, unless finance already received it.',
    steps: [
      step(
        'mail.search_messages',
        { query: 'invoice', folder: 'INBOX', page: 1 },
        '{"items":[{"id":"i-55","from":"Supplier Billing","date":"Wed"}],"next_page":null}',
        cp('mail3_find', 'find_invoice', 'Found the latest supplier invoice'),
      ),
      step(
        'mail.search_messages',
        { query: 'invoice i-55', folder: 'SENT', page: 1 },
        '{"items":[],"next_page":null}',
        cp('mail3_sent_check', 'check_sent_folder', 'Checked SENT for an earlier forward'),
      ),
      call('contacts.find_contact', { name: 'Finance' }, '{"name":"Finance Team","address":"finance@demo.invalid"}'),
      step(
        'mail.forward_message',
        { message_id: 'i-55', to: 'finance@demo.invalid' },
        '{"status":"sent"}',
        cp('mail3_forward', 'forward_once', 'Forwarded exactly once to finance'),
      ),
    ],
    attempts: [
      fails(
        'orbit-large-2',
        1,
        call('contacts.find_contact', { name: 'Finance' }, '{"name":"Finance Team","address":"finance@demo.invalid"}'),
        'Never looked in SENT before forwarding.',
      ),
      passes('quill-medium'),
      fails(
        'vector-mini',
        3,
        {
          ...call('mail.forward_message', { message_id: 'i-55', to: 'Finance' }, '{"error":"invalid recipient"}'),
          error: true,
        },
        'Used the display name as the recipient address; the forward failed and was not retried.',
      ),
    ],
    finalAnswer: 'Forwarded the latest supplier invoice to the finance team.',
  }),
  task({
    externalId: 'travel/1',
    apps: ['flights'],
    instruction:
      'Move my booking to the earliest flight on the same day, but only if the fare difference is covered by my travel credit. Ask before paying anything.',
    steps: [
      call('flights.get_user', { user_id: 'u-3001' }, '{"name":"Demo Traveller","credit":120}'),
      step(
        'flights.get_booking',
        { booking_id: 'BK7Q2' },
        '{"flight":"DF210","date":"day+3","fare":300}',
        cp('tr1_booking', 'get_booking', 'Read the current booking'),
      ),
      step(
        'flights.search_flights',
        { origin: 'North City', destination: 'Harbor Town', date: 'day+3' },
        '[{"flight":"DF204","dep":"07:10","fare":380},{"flight":"DF206","dep":"09:40","fare":330}]',
        cp('tr1_search', 'search_same_day', 'Searched same-day flights'),
      ),
      step(
        'flights.quote_change',
        { booking_id: 'BK7Q2', flight: 'DF204' },
        '{"difference":80,"covered_by_credit":true}',
        cp('tr1_confirm', 'confirm_with_user', 'Asked the user before changing'),
      ),
      step(
        'flights.change_booking',
        { booking_id: 'BK7Q2', flight: 'DF204', payment: 'credit' },
        '{"status":"changed"}',
        cp('tr1_change', 'change_booking', 'Changed to the earliest covered flight'),
      ),
    ],
    attempts: [
      passes('orbit-large-2'),
      fails(
        'quill-medium',
        3,
        call(
          'flights.change_booking',
          { booking_id: 'BK7Q2', flight: 'DF204', payment: 'card' },
          '{"status":"changed","charged":80}',
        ),
        'Changed and charged the card without quoting or asking the user.',
      ),
      fails(
        'vector-mini',
        2,
        call(
          'flights.search_flights',
          { origin: 'North City', destination: 'Harbor Town', date: 'day+4' },
          '[{"flight":"DF310","dep":"06:00","fare":290}]',
        ),
        'Searched the wrong date and moved to a flight on another day.',
      ),
    ],
    finalAnswer: 'Your booking is now on the 07:10 flight; the difference was paid from your travel credit.',
  }),
  task({
    externalId: 'travel/2',
    apps: ['flights'],
    instruction:
      'Cancel the return leg of my trip and tell me how much will be refunded. Do not cancel the outbound flight.',
    steps: [
      step(
        'flights.get_booking',
        { booking_id: 'BK9R1' },
        '{"legs":[{"leg":1,"flight":"DF100"},{"leg":2,"flight":"DF101"}]}',
        cp('tr2_booking', 'identify_return_leg', 'Identified the return leg'),
      ),
      step(
        'flights.get_refund_rules',
        { booking_id: 'BK9R1', leg: 2 },
        '{"refundable":true,"refund":140}',
        cp('tr2_policy', 'check_refund_policy', 'Checked refund rules before cancelling'),
      ),
      step(
        'flights.cancel_booking',
        { booking_id: 'BK9R1', leg: 2, reason: 'change_of_plan' },
        '{"status":"cancelled","refund":140}',
        cp('tr2_cancel', 'cancel_return_only', 'Cancelled only the return leg'),
      ),
    ],
    judgedOnAnswer: [cp('tr2_report', 'report_refund', 'Told the user the refund amount')],
    attempts: [
      fails(
        'orbit-large-2',
        2,
        call(
          'flights.cancel_booking',
          { booking_id: 'BK9R1', reason: 'change_of_plan' },
          '{"status":"cancelled","refund":290}',
        ),
        'Cancelled the whole booking: the leg argument was omitted.',
      ),
      passes('quill-medium'),
      fails(
        'vector-mini',
        1,
        call(
          'flights.cancel_booking',
          { booking_id: 'BK9R1', leg: 2, reason: 'change_of_plan' },
          '{"status":"cancelled","refund":140}',
        ),
        'Cancelled before checking refund rules.',
      ),
    ],
    finalAnswer: 'The return leg is cancelled; you will be refunded the fare difference shown in the policy.',
  }),
  task({
    externalId: 'travel/3',
    apps: ['flights'],
    instruction:
      'Add a checked bag to both legs of my booking if the total stays under my budget; otherwise add it to the outbound leg only.',
    steps: [
      call('flights.get_user', { user_id: 'u-3002' }, '{"budget":60}'),
      step(
        'flights.get_booking',
        { booking_id: 'BK4T8' },
        '{"legs":[{"leg":1},{"leg":2}]}',
        cp('tr3_booking', 'read_booking', 'Read the booking and budget'),
      ),
      step(
        'flights.quote_bags',
        { booking_id: 'BK4T8', legs: [1, 2] },
        '{"total":70}',
        cp('tr3_quote', 'quote_bags', 'Quoted bag fees for both legs'),
      ),
      step(
        'flights.add_bags',
        { booking_id: 'BK4T8', legs: [1] },
        '{"status":"added","total":35}',
        cp('tr3_add', 'add_bags', 'Added bags according to the budget rule'),
      ),
    ],
    attempts: [
      fails(
        'orbit-large-2',
        3,
        call('flights.add_bags', { booking_id: 'BK4T8', legs: [1, 2] }, '{"status":"added","total":70}'),
        'Added bags to both legs although 70 exceeds the budget of 60.',
      ),
      fails(
        'quill-medium',
        2,
        call('flights.add_bags', { booking_id: 'BK4T8', legs: [1, 2] }, '{"status":"added","total":70}'),
        'Skipped the quote and exceeded the budget.',
      ),
      fails(
        'vector-mini',
        3,
        call('flights.add_bags', { booking_id: 'BK4T8', legs: [2] }, '{"status":"added","total":35}'),
        'Added the bag to the return leg instead of the outbound leg.',
      ),
    ],
    finalAnswer: 'Added a checked bag to your outbound flight; both legs would have exceeded your budget.',
  }),
];

/**
 * Expands a task attempt into native events (≥20 per trajectory) and
 * checkpoint results anchored to the event that satisfied (or broke) them.
 */
export function expandAttempt(task: DemoTask, attempt: DemoTask['attempts'][number]) {
  const events: NativeEvent[] = [];
  const push = (e: NativeEvent) => events.push(e) - 1;
  push({ source: 'user', type: 'message', content: task.instruction });
  push({ source: 'agent', type: 'message', content: 'Let me look at the current state before changing anything.' });
  const cut = attempt.divergeAt ?? task.steps.length;
  const done: Record<string, number> = {};
  const wrongAt: number[] = [];
  let call = 0;
  const emit = (step: DemoStep) => {
    const callId = `call_${++call}`;
    const at = push({ source: 'agent', type: 'tool_call', tool: step.tool, arguments: step.args, call_id: callId });
    push({
      source: 'environment',
      type: 'observation',
      call_id: callId,
      tool: step.tool,
      content: step.result,
      error: step.error ?? false,
    });
    return at;
  };
  for (let i = 0; i < cut; i++) {
    const at = emit(task.steps[i]);
    if (task.steps[i].checkpoint) done[task.steps[i].checkpoint!] = at;
    if (i % 2 === 1)
      push({
        source: 'agent',
        type: 'message',
        content: `Step ${i + 1} done; checking what the result means before the next action.`,
      });
  }
  if (attempt.wrong) wrongAt.push(emit(attempt.wrong));
  // Pad with read-only look-ups and chatter so every trajectory has ≥20 events.
  while (events.length < 19) {
    push({ source: 'user', type: 'message', content: 'Is there anything else you need from me?' });
    push({ source: 'agent', type: 'message', content: 'No, I have what I need. Summarising now.' });
  }
  push({ source: 'verifier', type: 'notification', content: 'Episode ended by the user simulator.' });
  const finalAt = push({
    source: 'agent',
    type: 'final',
    content: attempt.divergeAt === null ? task.finalAnswer : `Done. ${task.finalAnswer}`,
  });
  const stepKeys = new Set(task.steps.map((st) => st.checkpoint).filter(Boolean));
  const checkpoints = task.checkpoints.map((cp) => {
    // Checkpoints no tool step satisfies (e.g. "told the user") are judged on the final answer.
    if (!stepKeys.has(cp.key)) done[cp.key] = attempt.divergeAt === null ? finalAt : -1;
    const passed = cp.key in done && done[cp.key] >= 0;
    return {
      id: cp.key,
      passed,
      score: passed ? 1 : 0,
      total: 1,
      note: passed ? undefined : attempt.note,
      event_index: passed ? done[cp.key] : (wrongAt[0] ?? finalAt),
    };
  });
  return { events, checkpoints, passed: checkpoints.every((c) => c.passed) };
}

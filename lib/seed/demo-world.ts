/**
 * A small, self-written synthetic world that makes every screen real: two
 * abilities (mail, travel), six tasks, three models per task with mixed
 * outcomes, named checkpoints anchored to events. Nothing here is copied from
 * public benchmark data. The tasks live in demo-world.json (data, one entry per
 * task); this module checks each entry and builds its DemoTask.
 */
import { z } from 'zod';
import type { NativeEvent } from '@/lib/import/native-schema';
import world from './demo-world.json' with { type: 'json' };

export type DemoStep = {
  tool: string;
  args: Record<string, unknown>;
  result: string;
  error?: boolean;
  /** Checkpoint key this step satisfies when done right. */
  checkpoint?: string;
};

export type DemoTask = {
  externalId: string;
  ability: 'mail' | 'travel';
  apps: string[];
  instruction: string;
  checkpoints: { key: string; name: string; description: string }[];
  /** The correct tool sequence. */
  steps: DemoStep[];
  /** Per model: index of the first wrong step (null = passes) and what it did instead. */
  attempts: { model: string; agent: string; divergeAt: number | null; wrong?: DemoStep; note?: string }[];
  finalAnswer: string;
};

export const DEMO_BENCHMARK = 'demo-suite';
export const DEMO_MODELS = ['orbit-large-2', 'quill-medium', 'vector-mini'] as const;

type DemoModel = (typeof DEMO_MODELS)[number];

// Each model always runs under the same agent harness.
const AGENT: Record<DemoModel, string> = {
  'orbit-large-2': 'react-agent',
  'quill-medium': 'react-agent',
  'vector-mini': 'plan-execute',
};

const checkpointSchema = z.strictObject({ key: z.string(), name: z.string(), description: z.string() });
/** A tool call and what it returned (any JSON, stored as its compact text). */
const callSchema = z.strictObject({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  result: z.unknown(),
  error: z.literal(true).optional(),
});
// One entry of demo-world.json. A step of the correct sequence names the checkpoint it earns when done
// right; `judgedOnAnswer` are the checkpoints no tool step earns (e.g. "told the user"), judged on the
// final answer. An attempt either passes or is right up to step `divergeAt`, then makes the `wrong`
// call instead; `note` is the judge's reason on the checkpoints it failed.
const taskSchema = z.strictObject({
  id: z.string().regex(/^(mail|travel)\/\d+$/),
  apps: z.array(z.string()),
  instruction: z.string(),
  steps: z.array(callSchema.extend({ earns: checkpointSchema.optional() })),
  judgedOnAnswer: z.array(checkpointSchema).default([]),
  attempts: z.partialRecord(
    z.enum(DEMO_MODELS),
    z.union([z.literal('passes'), z.strictObject({ divergeAt: z.int(), wrong: callSchema, note: z.string() })]),
  ),
  finalAnswer: z.string(),
});

const stepOf = ({ result, error, ...call }: z.infer<typeof callSchema>): DemoStep => ({
  ...call,
  result: JSON.stringify(result),
  ...(error ? { error } : {}),
});

/** The task of one entry: its ability is the id's prefix, its checkpoints those its steps earn (in order), then the judged ones. */
function taskOf(e: z.infer<typeof taskSchema>): DemoTask {
  return {
    externalId: e.id,
    ability: e.id.split('/')[0] as DemoTask['ability'],
    apps: e.apps,
    instruction: e.instruction,
    checkpoints: [...e.steps.flatMap((st) => (st.earns ? [st.earns] : [])), ...e.judgedOnAnswer],
    steps: e.steps.map(({ earns, ...call }) => ({ ...stepOf(call), ...(earns ? { checkpoint: earns.key } : {}) })),
    attempts: Object.entries(e.attempts).map(([name, a]) => {
      const model = name as DemoModel;
      if (a === 'passes') return { model, agent: AGENT[model], divergeAt: null };
      return { model, agent: AGENT[model], divergeAt: a.divergeAt, wrong: stepOf(a.wrong), note: a.note };
    }),
    finalAnswer: e.finalAnswer,
  };
}

export const DEMO_TASKS: DemoTask[] = z
  .object({ tasks: z.array(taskSchema) })
  .parse(world)
  .tasks.map(taskOf);

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

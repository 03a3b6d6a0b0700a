import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NativeEvent } from '@/lib/import/native-schema';

/**
 * The bench's synthetic runs in other formats, event for event the same as
 * its native file, so each adapter's records/s stands next to the native
 * path's on the same events (npm run bench:import).
 */

/** Lines (or chunks) streamed to a file. */
export const writeChunks = (file: string, chunks: () => Iterable<string>) =>
  pipeline(Readable.from(chunks()), createWriteStream(file));

/** `n` synthetic runs over `tasks` tasks; run i's events are events(i). */
export type SyntheticRuns = { n: number; tasks: number; events: (i: number) => NativeEvent[] };

/** A native event as the OpenHands V0 event that imports back to it. */
function openHandsEvent(e: NativeEvent, id: number, callOf: Map<string, number>): Record<string, unknown> {
  if (e.type === 'tool_call') {
    callOf.set(e.call_id ?? '', id);
    return {
      id,
      source: 'agent',
      action: 'run',
      message: '',
      args: e.arguments ?? {},
      tool_call_metadata: { function_name: (e.tool ?? 'x.y').split('.')[1], tool_call_id: e.call_id },
    };
  }
  if (e.type === 'observation')
    return { id, source: 'agent', observation: 'run', cause: callOf.get(e.call_id ?? ''), content: e.content };
  return { id, source: e.source, action: 'message', args: { content: e.content } };
}

/**
 * An OpenHands evaluation output.jsonl: one instance per trajectory, its events as `history`; the
 * native file's `tasks` tasks, each run by one model per pass over them.
 */
export async function writeOpenHandsOutput(file: string, runs: SyntheticRuns, model: string): Promise<void> {
  const { n, events, tasks } = runs;
  await writeChunks(file, function* () {
    for (let i = 0; i < n; i++) {
      const callOf = new Map<string, number>();
      yield `${JSON.stringify({
        instance_id: `bench-oh-${i % tasks}`,
        instruction: `Answer questions about orders (task ${i % tasks}).`,
        metadata: { agent_class: 'CodeActAgent', llm_config: { model: `${model}-${Math.floor(i / tasks)}` } },
        history: events(i).map((e, p) => openHandsEvent(e, p, callOf)),
        test_result: { report: { resolved: i % 3 === 0 } },
      })}\n`;
    }
  });
}

const toolOf = (e: NativeEvent) => (e.tool ?? 'shop.get_order').split('.').at(-1)!;

/** A τ²-bench results file: one simulation per trajectory, its events as messages. */
export async function writeTau2Results(file: string, runs: SyntheticRuns, model: string): Promise<void> {
  const { n, events, tasks } = runs;
  const message = (e: NativeEvent, turn_idx: number) =>
    e.type === 'tool_call'
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: e.call_id, name: toolOf(e), arguments: e.arguments ?? {} }],
          turn_idx,
        }
      : e.type === 'observation'
        ? { role: 'tool', id: e.call_id, content: e.content, error: false, turn_idx }
        : { role: e.source === 'user' ? 'user' : 'assistant', content: e.content, tool_calls: null, turn_idx };
  await writeChunks(file, function* () {
    const info = {
      num_trials: 1,
      agent_info: { implementation: 'bench_agent', llm: model, llm_args: {} },
      user_info: { implementation: 'user_simulator', llm: 'user-sim' },
      environment_info: { domain_name: 'shop', policy: 'Answer questions about orders.' },
    };
    const taskList = Array.from({ length: tasks }, (_, t) => ({
      id: String(t),
      description: { purpose: `Answer questions about orders (task ${t}).` },
      user_scenario: { persona: null, instructions: { domain: 'shop', reason_for_call: `Order status (task ${t}).` } },
      evaluation_criteria: { actions: [], communicate_info: [], nl_assertions: [], reward_basis: ['DB'] },
    }));
    yield `{"timestamp": "2026-12-06T00:00:00", "info": ${JSON.stringify(info)}, "tasks": ${JSON.stringify(taskList)}, "simulations": [`;
    for (let i = 0; i < n; i++)
      yield `${i ? ',' : ''}${JSON.stringify({
        id: `bench-tau2-${model}-${i}`,
        task_id: String(i % tasks),
        trial: 0,
        termination_reason: 'user_stop',
        messages: events(i).map(message),
        reward_info: {
          reward: i % 3 === 0 ? 1 : 0,
          db_check: { db_match: i % 3 === 0, db_reward: i % 3 === 0 ? 1 : 0 },
        },
      })}`;
    yield ']}';
  });
}

/** An Inspect AI log (.json): one sample × epoch per trajectory (the native file's `tasks` tasks as samples), one scorer. */
export async function writeInspectLog(file: string, runs: SyntheticRuns, model: string): Promise<void> {
  const { n, events, tasks } = runs;
  const message = (e: NativeEvent) =>
    e.type === 'tool_call'
      ? {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: e.call_id, function: toolOf(e), arguments: e.arguments ?? {} }],
        }
      : e.type === 'observation'
        ? { role: 'tool', tool_call_id: e.call_id, function: toolOf(e), content: e.content }
        : { role: e.source === 'user' ? 'user' : 'assistant', content: e.content };
  await writeChunks(file, function* () {
    const head = {
      version: 2,
      status: 'success',
      eval: {
        task: 'shop_orders',
        task_id: 'BenchTask',
        run_id: `BenchRun-${model}`,
        model: `bench/${model}`,
        dataset: { name: 'orders' },
        scorers: [{ name: 'status_told', options: {}, metrics: [], metadata: {} }],
      },
      plan: { steps: [] },
      results: { total_samples: n, completed_samples: n },
    };
    yield `${JSON.stringify(head).slice(0, -1)}, "samples": [`;
    for (let i = 0; i < n; i++) {
      const msgs = events(i).map(message);
      yield `${i ? ',' : ''}${JSON.stringify({
        id: `s${i % tasks}`,
        epoch: Math.floor(i / tasks) + 1,
        input: `Answer questions about orders (task ${i % tasks}).`,
        target: 'shipped',
        messages: msgs,
        scores: { status_told: { value: i % 3 === 0 ? 'C' : 'I', explanation: 'bench' } },
      })}`;
    }
    yield ']}';
  });
}

/** Steps of an ATIF trajectory: each call with its result on the same step, as the published schema has it. */
function atifSteps(events: NativeEvent[]): Record<string, unknown>[] {
  const steps: Record<string, unknown>[] = [];
  for (const e of events) {
    const step_id = steps.length + 1;
    if (e.type === 'tool_call')
      steps.push({
        step_id,
        source: 'agent',
        message: '',
        tool_calls: [{ tool_call_id: e.call_id, function_name: toolOf(e), arguments: e.arguments ?? {} }],
      });
    else if (e.type === 'observation') {
      const last = steps.at(-1)!;
      last.observation = { results: [{ source_call_id: e.call_id, content: e.content }] };
    } else steps.push({ step_id, source: e.source === 'user' ? 'user' : 'agent', message: e.content });
  }
  return steps;
}

/** A Terminal-Bench / Harbor results tree: one ATIF run folder (trajectory.json, metrics.json, verifier/) per trajectory. */
export async function writeAtifRunFolders(root: string, runs: SyntheticRuns, model: string): Promise<void> {
  const { n, events, tasks } = runs;
  for (let i = 0; i < n; i++) {
    const dir = path.join(root, `task-${i % tasks}`, `run-${i}`);
    await mkdir(path.join(dir, 'verifier'), { recursive: true });
    await writeFile(
      path.join(dir, 'trajectory.json'),
      JSON.stringify({
        schema_version: 'ATIF-v1.4',
        session_id: `bench-atif-${model}-${i}`,
        agent: { name: 'bench', version: '1', model_name: model },
        steps: atifSteps(events(i)),
        extra: { task_id: `task-${i % tasks}`, benchmark: 'bench-atif', instruction: `Orders (task ${i % tasks}).` },
      }),
    );
    await writeFile(path.join(dir, 'metrics.json'), JSON.stringify({ turns: 1, cost: 0.01 }));
    await writeFile(path.join(dir, 'verifier', 'reward.txt'), i % 3 === 0 ? '1' : '0');
  }
}

/**
 * TheAgentCompany agent folders: results/eval_<task>.json and trajectories/traj_<task>.json (OpenHands
 * events). An agent folder holds one run per task, so runs beyond `tasks` go to further agent folders
 * (`<agentFolder>-<k>`, another model): the same tasks as the native file, not one task per run.
 */
export async function writeTacAgentFolders(root: string, runs: SyntheticRuns, agentFolder: string): Promise<void> {
  const { n, events, tasks } = runs;
  for (let i = 0; i < n; i++) {
    const agent = path.join(root, `${agentFolder}k${Math.floor(i / tasks)}`);
    if (i % tasks === 0) {
      await mkdir(path.join(agent, 'results'), { recursive: true });
      await mkdir(path.join(agent, 'trajectories'), { recursive: true });
    }
    const task = `sde-bench-${i % tasks}`;
    const callOf = new Map<string, number>();
    await writeFile(
      path.join(agent, 'results', `eval_${task}.json`),
      JSON.stringify({
        checkpoints: [
          { total: 1, result: 1 },
          { total: 2, result: i % 3 === 0 ? 2 : 1 },
        ],
        final_score: { total: 3, result: i % 3 === 0 ? 3 : 2 },
      }),
    );
    await writeFile(
      path.join(agent, 'trajectories', `traj_${task}.json`),
      JSON.stringify(events(i).map((e, p) => openHandsEvent(e, p, callOf))),
    );
  }
}

/** A Langfuse observation as its export has it: span attributes as JSON text in `metadata`. */
function langfuseObservation(
  id: string,
  parent: string,
  at: number,
  type: string,
  name: string,
  fields: Record<string, unknown>,
  attributes: Record<string, unknown>,
): Record<string, unknown> {
  const time = new Date(Date.UTC(2026, 0, 1) + at * 1000).toISOString();
  return {
    id,
    traceId: id.split('-')[0],
    startTime: time,
    endTime: time,
    parentObservationId: parent,
    type,
    name,
    level: 'DEFAULT',
    statusMessage: null,
    model: null,
    usageDetails: {},
    toolCalls: [],
    metadata: JSON.stringify({ attributes, resourceAttributes: { 'service.name': 'bench-agent' } }),
    ...fields,
  };
}

/**
 * A Langfuse export as the Vercel AI SDK's traces have it (a list of
 * `{trace, observations}`): per turn a GENERATION given the user's message
 * that returns the tool call, the TOOL span with its result, and a GENERATION
 * that answers. Each generation holds only its new messages, so the events
 * are the native file's, one for one.
 */
export async function writeLangfuseExport(file: string, runs: SyntheticRuns, model: string): Promise<void> {
  const { n, events } = runs;
  const generation = (id: string, root: string, at: number, input: unknown, output: unknown) =>
    langfuseObservation(
      id,
      root,
      at,
      'GENERATION',
      'ai.generateText.doGenerate',
      { model, input: JSON.stringify(input), output: JSON.stringify(output), usageDetails: { input: 60, output: 20 } },
      { 'operation.name': 'ai.generateText.doGenerate', 'ai.model.id': model },
    );
  await writeChunks(file, function* () {
    yield '[';
    for (let i = 0; i < n; i++) {
      const traceId = `lf${model}${i}`.replace(/[^\w]/g, '');
      const root = `${traceId}-root`;
      const observations: Record<string, unknown>[] = [
        langfuseObservation(root, null as unknown as string, 0, 'SPAN', 'ai.generateText', {}, {}),
      ];
      let pending: unknown[] = [];
      for (const [p, e] of events(i).entries()) {
        const id = `${traceId}-${p}`;
        if (e.type === 'tool_call')
          observations.push(
            generation(id, root, p, pending, [
              { toolCallId: e.call_id, toolName: toolOf(e), input: JSON.stringify(e.arguments ?? {}) },
            ]),
          );
        else if (e.type === 'observation')
          observations.push(
            langfuseObservation(
              id,
              root,
              p,
              'TOOL',
              toolOf(e),
              { input: '{}', output: e.content },
              { 'operation.name': 'ai.toolCall', 'ai.toolCall.name': toolOf(e), 'ai.toolCall.id': e.call_id },
            ),
          );
        else if (e.source === 'user') {
          pending = [{ role: 'user', content: [{ type: 'text', text: e.content }] }];
          continue;
        } else observations.push(generation(id, root, p, [], e.content));
        pending = [];
      }
      yield `${i ? ',' : ''}${JSON.stringify({
        trace: {
          id: traceId,
          name: 'ai.generateText',
          sessionId: `shop/${i % 50}`,
          timestamp: '2026-01-01T00:00:00.000Z',
          scores: [{ name: 'status_told', value: i % 3 === 0 ? 1 : 0, dataType: 'BOOLEAN', observationId: null }],
        },
        observations,
      })}`;
    }
    yield ']';
  });
}

import type { NativeEvent, NativeRecordInput } from '../native-schema';
import { streamJsonPieces } from './json-stream';
import { anchorExpectedAction, arr, describeCall, isObj, nativeRecord, parseArguments, str, toolName, type Json } from './shared';
import type { Adapter, SourceItem } from './types';

/**
 * τ²-bench results JSON (`{timestamp, info, tasks, simulations}`): one
 * trajectory per simulation. Mapping (issue 3, data README §1):
 * task id = domain/task_id, ability = app = domain; checkpoints = expected
 * actions (in order), the DB check, NL assertions, env assertions and
 * communicate checks; outcome = `reward` even where checkpoints disagree.
 */
export const BENCHMARK = 'tau2-bench';

type Checkpoint = NonNullable<NativeRecordInput['task']['checkpoints']>[number];
type Result = NonNullable<NativeRecordInput['checkpoints']>[number];

function instructionOf(task: Json): string {
  const scenario = isObj(task.user_scenario) ? task.user_scenario : {};
  const ins = scenario.instructions;
  if (typeof ins === 'string') return ins;
  if (!isObj(ins)) return '';
  const parts: [string, unknown][] = [
    ['Reason for call', ins.reason_for_call],
    ['Known info', ins.known_info],
    ['Unknown info', ins.unknown_info],
    ['Task instructions', ins.task_instructions],
  ];
  return parts
    .filter(([, v]) => typeof v === 'string' && v.trim())
    .map(([label, v]) => `${label}: ${String(v).trim()}`)
    .join('\n\n');
}

function criteriaOf(task: Json): Json {
  return isObj(task.evaluation_criteria) ? task.evaluation_criteria : {};
}

/** The task's checkpoint list, from its definition only, so every run of the task agrees on it. */
function taskCheckpoints(task: Json, domain: string): Checkpoint[] {
  const ec = criteriaOf(task);
  const out: Checkpoint[] = [];
  for (const a of arr(ec.actions).filter(isObj)) {
    const name = str(a.name) ?? '?';
    const args = parseArguments(a.arguments);
    const compared = Array.isArray(a.compare_args) ? ` (compared: ${a.compare_args.join(', ')})` : '';
    out.push({ id: str(a.action_id) ?? '', name: toolName(domain, name), description: `Expected call ${describeCall(name, args)}${compared}`, kind: 'action', weight: 1 });
  }
  out.push({ id: 'db', name: 'Final database state matches the expected one', description: 'db_check: the environment database after the run equals the gold database.', kind: 'db', weight: 1 });
  arr(ec.nl_assertions).forEach((text, i) => out.push({ id: `nl_${i}`, name: String(text), description: 'Natural-language assertion judged by an LLM.', kind: 'nl_assertion', weight: 1 }));
  arr(ec.env_assertions).forEach((e, i) => {
    const fn = isObj(e) ? (str(e.func_name) ?? 'assertion') : 'assertion';
    out.push({ id: `env_${i}`, name: `Environment assertion ${fn}`, description: JSON.stringify(e), kind: 'env_assertion', weight: 1 });
  });
  arr(ec.communicate_info).forEach((info, i) => out.push({ id: `communicate_${i}`, name: `Communicate "${String(info)}" to the user`, description: null, kind: 'communicate', weight: 1 }));
  return out;
}

function messagesToEvents(messages: unknown[], domain: string): NativeEvent[] {
  const events: NativeEvent[] = [];
  const toolByCall = new Map<string, string>();
  for (const m of messages.filter(isObj)) {
    const meta = { turn_idx: m.turn_idx ?? null, timestamp: m.timestamp ?? null };
    const content = str(m.content);
    if (m.role === 'assistant') {
      if (content?.trim()) events.push({ source: 'agent', type: 'message', content, metadata: meta });
      for (const c of arr(m.tool_calls).filter(isObj)) {
        const tool = toolName(domain, str(c.name) ?? 'unknown');
        const callId = str(c.id) ?? null;
        if (callId) toolByCall.set(callId, tool);
        events.push({ source: 'agent', type: 'tool_call', tool, arguments: parseArguments(c.arguments), call_id: callId, metadata: meta });
      }
    } else if (m.role === 'user') {
      if (content?.trim()) events.push({ source: 'user', type: 'message', content, metadata: meta });
      // User-side tools (e.g. telecom) are not agent tool calls; keep them visible as user actions.
      for (const c of arr(m.tool_calls).filter(isObj)) {
        events.push({ source: 'user', type: 'message', content: `[user tool call] ${describeCall(str(c.name) ?? '?', parseArguments(c.arguments))}`, call_id: str(c.id) ?? null, metadata: meta });
      }
    } else if (m.role === 'tool') {
      const callId = str(m.id) ?? null;
      events.push({ source: 'environment', type: 'observation', tool: (callId && toolByCall.get(callId)) || null, call_id: callId, content: content ?? '', error: m.error === true, metadata: meta });
    } else if (content?.trim()) {
      events.push({ source: 'environment', type: 'notification', content, metadata: { ...meta, role: m.role ?? null } });
    }
  }
  return events;
}

/**
 * Index of a judged text in the task's list: by text (whitespace-insensitive; runs trim differently), else by position.
 * An index is taken once (`used`), so a task that repeats a text gets one result per checkpoint, not two for the first.
 */
function matchText(texts: unknown[], text: unknown, position: number, used: Set<number>): number {
  const wanted = String(text).trim();
  const i = texts.findIndex((t, k) => !used.has(k) && String(t).trim() === wanted);
  const at = i >= 0 ? i : position < texts.length && !used.has(position) ? position : -1;
  if (at >= 0) used.add(at);
  return at;
}

function results(task: Json, sim: Json, domain: string, events: NativeEvent[]): Result[] {
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const ec = criteriaOf(task);
  const out: Result[] = [];
  const checks = new Map(arr(ri.action_checks).filter(isObj).map((c) => [str(isObj(c.action) ? c.action.action_id : undefined), c]));
  for (const a of arr(ec.actions).filter(isObj)) {
    const check = checks.get(str(a.action_id));
    if (!check) continue;
    const passed = check.action_match === true;
    const compare = Array.isArray(a.compare_args) ? (a.compare_args as string[]) : null;
    const anchor = anchorExpectedAction(events, toolName(domain, str(a.name) ?? ''), parseArguments(a.arguments), compare);
    // A passed check is anchored to its matching call; a failed one to the nearest attempt, with the reason.
    out.push({ id: str(a.action_id)!, passed, score: typeof check.action_reward === 'number' ? check.action_reward : null, total: 1, event_index: anchor.eventIndex, note: passed ? null : anchor.note });
  }
  if (isObj(ri.db_check)) {
    out.push({ id: 'db', passed: ri.db_check.db_match === true, score: typeof ri.db_check.db_reward === 'number' ? ri.db_check.db_reward : null, total: 1 });
  }
  const usedNl = new Set<number>();
  arr(ri.nl_assertions).forEach((r, j) => {
    const i = isObj(r) ? matchText(arr(ec.nl_assertions), r.nl_assertion, j, usedNl) : -1;
    if (i >= 0) out.push({ id: `nl_${i}`, passed: (r as Json).met === true, note: str((r as Json).justification) ?? null });
  });
  arr(ri.env_assertions).forEach((r, i) => {
    if (isObj(r) && i < arr(ec.env_assertions).length) out.push({ id: `env_${i}`, passed: r.met === true, score: typeof r.reward === 'number' ? r.reward : null });
  });
  const usedCommunicate = new Set<number>();
  arr(ri.communicate_checks).forEach((r, j) => {
    const i = isObj(r) ? matchText(arr(ec.communicate_info), r.info, j, usedCommunicate) : -1;
    if (i >= 0) out.push({ id: `communicate_${i}`, passed: (r as Json).met === true, note: str((r as Json).justification) ?? null });
  });
  return out;
}

/** A known defect of some public submissions: a simulation scored against another task's actions. */
function actionIdMismatch(task: Json, sim: Json, simIndex: number): { path: string; reason: string } | null {
  const taskId = String(sim.task_id);
  const ec = criteriaOf(task);
  const bad = (id: unknown) => typeof id === 'string' && !id.startsWith(`${taskId}_`);
  const e = arr(ec.actions).findIndex((a) => isObj(a) && bad(a.action_id));
  if (e >= 0) return { path: `tasks[id=${taskId}].evaluation_criteria.actions[${e}].action_id`, reason: `action id "${(arr(ec.actions)[e] as Json).action_id}" does not belong to task ${taskId}` };
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const c = arr(ri.action_checks).findIndex((x) => isObj(x) && isObj(x.action) && bad(x.action.action_id));
  if (c >= 0) {
    const id = ((arr(ri.action_checks)[c] as Json).action as Json).action_id;
    return { path: `simulations[${simIndex}].reward_info.action_checks[${c}].action.action_id`, reason: `action id "${id}" does not belong to task ${taskId}: this simulation was scored against another task's actions` };
  }
  return null;
}

export function tau2SimulationToRecord(info: Json, task: Json, sim: Json): NativeRecordInput {
  const agentInfo = isObj(info.agent_info) ? info.agent_info : {};
  const userInfo = isObj(info.user_info) ? info.user_info : {};
  const envInfo = isObj(info.environment_info) ? info.environment_info : {};
  const scenario = isObj(task.user_scenario) && isObj(task.user_scenario.instructions) ? task.user_scenario.instructions : {};
  const domain = str(envInfo.domain_name) ?? str(scenario.domain) ?? 'unknown';
  const events = messagesToEvents(arr(sim.messages), domain);
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const reward = typeof ri.reward === 'number' ? ri.reward : 0;
  return nativeRecord({
    task: {
      id: `${domain}/${String(task.id)}`,
      benchmark: BENCHMARK,
      ability: domain,
      instruction: instructionOf(task),
      apps: [domain],
      checkpoints: taskCheckpoints(task, domain),
      metadata: { description: task.description ?? null, persona: isObj(task.user_scenario) ? (task.user_scenario.persona ?? null) : null, reward_basis: criteriaOf(task).reward_basis ?? null },
    },
    trajectory: {
      id: `${BENCHMARK}:${domain}:${String(sim.id)}`,
      model: str(agentInfo.llm) ?? 'unknown',
      agent: str(agentInfo.implementation) ?? null,
      trial: typeof sim.trial === 'number' ? sim.trial : null,
      outcome: { passed: reward >= 1, score: reward, reason: str(sim.termination_reason) ?? null },
      feedback: 'checkpoint_binary',
      metadata: {
        simulation_id: sim.id ?? null,
        user_llm: userInfo.llm ?? null,
        reward_breakdown: ri.reward_breakdown ?? null,
        agent_cost: sim.agent_cost ?? null,
        user_cost: sim.user_cost ?? null,
        duration: sim.duration ?? null,
      },
    },
    events,
    checkpoints: results(task, sim, domain, events),
  });
}

export const tau2Adapter: Adapter = async function* (input) {
  let info: Json = {};
  const tasks = new Map<string, Json>();
  // Simulations seen before their tasks (not the case in real files) wait here.
  const early: { index: number; sim: Json }[] = [];
  let sawSimulations = false;

  function convert(index: number, sim: Json): SourceItem {
    // The simulation id is the trajectory's id: without one it would be "…:undefined" and collide.
    if ((typeof sim.id !== 'string' || !sim.id) && typeof sim.id !== 'number') {
      return { kind: 'error', recordIndex: index, path: `simulations[${index}].id`, reason: 'a simulation needs an "id" (string): it is the trajectory\'s id' };
    }
    const task = tasks.get(String(sim.task_id));
    if (!task) return { kind: 'error', recordIndex: index, path: `simulations[${index}].task_id`, reason: `task_id "${String(sim.task_id)}" is not in the file's tasks` };
    const mismatch = actionIdMismatch(task, sim, index);
    if (mismatch) return { kind: 'error', recordIndex: index, ...mismatch };
    return { kind: 'record', recordIndex: index, record: tau2SimulationToRecord(info, task, sim) };
  }

  try {
    for await (const piece of streamJsonPieces(input, { arrayKeys: ['tasks', 'simulations'], wholeKeys: ['info'] })) {
      if (piece.key === 'info' && isObj(piece.value)) info = piece.value;
      else if (piece.key === 'tasks' && isObj(piece.value)) tasks.set(String(piece.value.id), piece.value);
      else if (piece.key === 'simulations') {
        sawSimulations = true;
        const index = piece.index ?? 0;
        if (!isObj(piece.value)) yield { kind: 'error', recordIndex: index, path: `simulations[${index}]`, reason: 'a simulation must be an object' };
        else if (tasks.size === 0) early.push({ index, sim: piece.value });
        else yield convert(index, piece.value);
      }
    }
  } catch (err) {
    for (const e of early.splice(0)) yield convert(e.index, e.sim);
    yield { kind: 'error', path: '', reason: `the JSON is malformed or truncated: ${(err as Error).message}` };
    return;
  }
  for (const e of early) yield convert(e.index, e.sim);
  if (!sawSimulations) yield { kind: 'error', path: 'simulations', reason: 'no "simulations" array found: is this a τ²-bench results file?' };
};

import type { NativeRecordInput } from '../native-schema';
import { arr, describeCall, isObj, parseArguments, str, toolName, type Json } from './shared';

/**
 * A τ²-bench task definition (`tasks[]` of a results file) as the native
 * task's instruction and checkpoint list — and, for a bare list of
 * simulations that carries no task definitions, the same shape rebuilt from a
 * simulation's `reward_info`, so both forms of one task agree on checkpoints.
 */
export type Checkpoint = NonNullable<NativeRecordInput['task']['checkpoints']>[number];

export function instructionOf(task: Json): string {
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

export function criteriaOf(task: Json): Json {
  return isObj(task.evaluation_criteria) ? task.evaluation_criteria : {};
}

/** The task's checkpoint list, from its definition only, so every run of the task agrees on it. */
export function taskCheckpoints(task: Json, domain: string): Checkpoint[] {
  const ec = criteriaOf(task);
  const out: Checkpoint[] = [];
  for (const a of arr(ec.actions).filter(isObj)) {
    const name = str(a.name) ?? '?';
    const args = parseArguments(a.arguments);
    const compared = Array.isArray(a.compare_args) ? ` (compared: ${a.compare_args.join(', ')})` : '';
    // Dual control (telecom): some expected actions are the simulated user's, not the agent's.
    const who = a.requestor === 'user' ? 'Expected user action' : 'Expected call';
    out.push({
      id: str(a.action_id) ?? '',
      name: toolName(domain, name),
      description: `${who} ${describeCall(name, args)}${compared}`,
      kind: a.requestor === 'user' ? 'user_action' : 'action',
      weight: 1,
    });
  }
  out.push({
    id: 'db',
    name: 'Final database state matches the expected one',
    description: 'db_check: the environment database after the run equals the gold database.',
    kind: 'db',
    weight: 1,
  });
  arr(ec.nl_assertions).forEach((text, i) =>
    out.push({
      id: `nl_${i}`,
      name: String(text),
      description: 'Natural-language assertion judged by an LLM.',
      kind: 'nl_assertion',
      weight: 1,
    }),
  );
  arr(ec.env_assertions).forEach((e, i) => {
    const fn = isObj(e) ? (str(e.func_name) ?? 'assertion') : 'assertion';
    out.push({
      id: `env_${i}`,
      name: `Environment assertion ${fn}`,
      description: JSON.stringify(e),
      kind: 'env_assertion',
      weight: 1,
    });
  });
  arr(ec.communicate_info).forEach((info, i) =>
    out.push({
      id: `communicate_${i}`,
      name: `Communicate "${String(info)}" to the user`,
      description: null,
      kind: 'communicate',
      weight: 1,
    }),
  );
  return out;
}

/**
 * A task definition rebuilt from one simulation of a bare τ²-bench list: the
 * expected actions are the checked ones (`action_checks[].action`), the judged
 * texts those of `nl_assertions` / `communicate_checks`, and the instruction
 * the simulated user's first message (there is nothing better in the file).
 */
export function taskFromSimulation(sim: Json, instruction: string): Json {
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const envAssertions = arr(ri.env_assertions)
    .filter(isObj)
    .map((e) => (isObj(e.env_assertion) ? e.env_assertion : e));
  return {
    id: String(sim.task_id),
    user_scenario: { instructions: instruction },
    evaluation_criteria: {
      actions: arr(ri.action_checks)
        .filter(isObj)
        .map((c) => (isObj(c.action) ? c.action : {})),
      nl_assertions: arr(ri.nl_assertions)
        .filter(isObj)
        .map((r) => r.nl_assertion),
      env_assertions: envAssertions,
      communicate_info: arr(ri.communicate_checks)
        .filter(isObj)
        .map((r) => r.info),
      reward_basis: ri.reward_basis ?? null,
    },
  };
}

/**
 * The data README's ownership check: every action id a simulation was scored
 * against (`reward_info.action_checks`) must be one of its task's expected
 * action ids. (Ids need not start with the task id: retail task 97's actions
 * are 98_0, 98_1, and telecom's are names like toggle_airplane_mode_0.)
 */
export function foreignActionIds(task: Json, sim: Json, simPath: string): { path: string; reason: string }[] {
  const own = new Set(
    arr(criteriaOf(task).actions)
      .filter(isObj)
      .map((a) => str(a.action_id)),
  );
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const out: { path: string; reason: string }[] = [];
  arr(ri.action_checks).forEach((c, i) => {
    const id = isObj(c) && isObj(c.action) ? str(c.action.action_id) : undefined;
    if (id !== undefined && !own.has(id)) {
      out.push({
        path: `${simPath}.reward_info.action_checks[${i}].action.action_id`,
        reason: `action id "${id}" is not one of task ${String(sim.task_id)}'s expected actions: this simulation may have been scored against another task's actions (its action checks are left unscored)`,
      });
    }
  });
  return out;
}

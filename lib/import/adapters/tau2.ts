import type { NativeEvent, NativeRecordInput } from '../native-schema';
import { brokenJsonItem, streamJsonPieces } from './json-stream';
import { anchorExpectedActions, arr, expectedCall, fileContext, isObj, nativeRecord, str, type Json } from './shared';
import { firstUserMessage, messagesToEvents } from './tau2-events';
import { inRewardBasis, rewardBasisOf } from './tau2-reward-basis';
import { criteriaOf, foreignActionIds, instructionOf, taskCheckpoints, taskFromSimulation } from './tau2-task';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { type Adapter, type ItemWarning, type SourceItem } from './types';

/**
 * τ²-bench results, in both shapes τ²-bench writes: the results file
 * (`{timestamp, info, tasks, simulations}`) and a bare JSON list of
 * simulation objects (no task definitions, no model name). One trajectory per
 * simulation. Mapping (issue 3, data README §1): task id = domain/task_id,
 * ability = app = domain; checkpoints = expected actions (in order), the DB
 * check, NL assertions, env assertions and communicate checks; outcome =
 * `reward` even where checkpoints disagree.
 */
export const BENCHMARK = 'tau2-bench';
/** τ²-bench's domains, looked for in a bare list's file name when --domain is not given. */
export const TAU2_DOMAINS = ['airline', 'retail', 'telecom', 'mock'];

type Result = NonNullable<NativeRecordInput['checkpoints']>[number];
// The domain policy (`info.environment_info.policy`) the agent was given; a bare list has none.
type RunInfo = { domain: string; model: string; agent: string | null; userLlm: unknown; policy: string | null };

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

/**
 * Results of texts a judge marked met or not (NL assertions, communicate checks), each matched to
 * its text in the task's list (`textKey` names the judged text); a judgement whose text is not in
 * the list has no checkpoint to land on and is left out.
 */
function judgedTextResults(
  judgements: unknown[],
  list: { texts: unknown[]; textKey: string; idPrefix: string },
  inBasis: boolean | undefined,
): Result[] {
  const used = new Set<number>();
  return judgements.flatMap((r, j) => {
    const i = isObj(r) ? matchText(list.texts, r[list.textKey], j, used) : -1;
    if (i < 0) return [];
    const judged = r as Json;
    const note = str(judged.justification) ?? null;
    return [{ id: `${list.idPrefix}_${i}`, passed: judged.met === true, note, in_reward_basis: inBasis }];
  });
}

function results(task: Json, sim: Json, domain: string, events: NativeEvent[]): Result[] {
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const ec = criteriaOf(task);
  const basis = rewardBasisOf(ri, ec);
  const out: Result[] = [];
  const checks = new Map(
    arr(ri.action_checks)
      .filter(isObj)
      .map((c) => [str(isObj(c.action) ? c.action.action_id : undefined), c]),
  );
  // The run's expected actions are anchored together, so no two share a call while another is left.
  const actions = arr(ec.actions)
    .filter(isObj)
    .flatMap((a) => {
      const check = checks.get(str(a.action_id));
      if (!check) return [];
      return [
        {
          key: str(a.action_id)!,
          passed: check.action_match === true,
          score: typeof check.action_reward === 'number' ? check.action_reward : null,
          ...expectedCall(domain, a.name, a.arguments),
          compared: Array.isArray(a.compare_args) ? (a.compare_args as string[]) : null,
          // A user-side action (dual control) is anchored to the simulated user's call, never to the agent's.
          by: a.requestor === 'user' ? ('user' as const) : ('agent' as const),
        },
      ];
    });
  const anchors = anchorExpectedActions(events, actions);
  for (const a of actions) {
    const anchor = anchors.get(a.key)!;
    // A passed check is anchored to its matching call; a failed one to the closest attempt, with what differs.
    out.push({
      id: a.key,
      passed: a.passed,
      score: a.score,
      total: 1,
      event_index: anchor.eventIndex,
      note: a.passed ? null : anchor.note,
      in_reward_basis: inRewardBasis(basis, 'ACTION'),
    });
  }
  if (isObj(ri.db_check)) {
    out.push({
      id: 'db',
      passed: ri.db_check.db_match === true,
      score: typeof ri.db_check.db_reward === 'number' ? ri.db_check.db_reward : null,
      total: 1,
      in_reward_basis: inRewardBasis(basis, 'DB'),
    });
  }
  const nl = { texts: arr(ec.nl_assertions), textKey: 'nl_assertion', idPrefix: 'nl' };
  out.push(...judgedTextResults(arr(ri.nl_assertions), nl, inRewardBasis(basis, 'NL_ASSERTION')));
  arr(ri.env_assertions).forEach((r, i) => {
    if (isObj(r) && i < arr(ec.env_assertions).length)
      out.push({
        id: `env_${i}`,
        passed: r.met === true,
        score: typeof r.reward === 'number' ? r.reward : null,
        in_reward_basis: inRewardBasis(basis, 'ENV_ASSERTION'),
      });
  });
  const communicate = { texts: arr(ec.communicate_info), textKey: 'info', idPrefix: 'communicate' };
  out.push(...judgedTextResults(arr(ri.communicate_checks), communicate, inRewardBasis(basis, 'COMMUNICATE')));
  return out;
}

function runInfoOf(info: Json, task: Json): RunInfo {
  const agentInfo = isObj(info.agent_info) ? info.agent_info : {};
  const userInfo = isObj(info.user_info) ? info.user_info : {};
  const envInfo = isObj(info.environment_info) ? info.environment_info : {};
  const scenario =
    isObj(task.user_scenario) && isObj(task.user_scenario.instructions) ? task.user_scenario.instructions : {};
  return {
    domain: str(envInfo.domain_name) ?? str(scenario.domain) ?? 'unknown',
    model: str(agentInfo.llm) ?? 'unknown',
    agent: str(agentInfo.implementation) ?? null,
    userLlm: userInfo.llm ?? null,
    policy: str(envInfo.policy)?.trim() ? str(envInfo.policy)! : null,
  };
}

function toRecord(
  run: RunInfo,
  task: Json,
  sim: Json,
  extra: { taskMeta?: Json; warnings?: ItemWarning[] } = {},
): NativeRecordInput {
  const events = messagesToEvents(arr(sim.messages), run.domain);
  const ri = isObj(sim.reward_info) ? sim.reward_info : {};
  const reward = typeof ri.reward === 'number' ? ri.reward : 0;
  return nativeRecord({
    task: {
      id: `${run.domain}/${String(task.id)}`,
      benchmark: BENCHMARK,
      ability: run.domain,
      instruction: instructionOf(task),
      apps: [run.domain],
      checkpoints: taskCheckpoints(task, run.domain),
      metadata: {
        description: task.description ?? null,
        persona: isObj(task.user_scenario) ? (task.user_scenario.persona ?? null) : null,
        reward_basis: criteriaOf(task).reward_basis ?? null,
        ...extra.taskMeta,
      },
    },
    trajectory: {
      id: `${BENCHMARK}:${run.domain}:${String(sim.id)}`,
      model: run.model,
      agent: run.agent,
      trial: typeof sim.trial === 'number' ? sim.trial : null,
      outcome: { passed: reward >= 1, score: reward, reason: str(sim.termination_reason) ?? null },
      feedback: 'checkpoint_binary',
      policy: run.policy ? { kind: 'policy', text: run.policy } : null,
      metadata: {
        simulation_id: sim.id ?? null,
        user_llm: run.userLlm,
        reward_breakdown: ri.reward_breakdown ?? null,
        agent_cost: sim.agent_cost ?? null,
        user_cost: sim.user_cost ?? null,
        duration: sim.duration ?? null,
        ...(extra.warnings?.length ? { [DATA_QUALITY_KEY]: extra.warnings } : {}),
      },
    },
    events,
    checkpoints: results(task, sim, run.domain, events),
  });
}

export function tau2SimulationToRecord(info: Json, task: Json, sim: Json): NativeRecordInput {
  return toRecord(runInfoOf(info, task), task, sim);
}

/** The simulation id is the trajectory's id: without one it would be "…:undefined" and collide. */
function missingId(sim: Json, at: string, index: number): SourceItem | null {
  if ((typeof sim.id === 'string' && sim.id) || typeof sim.id === 'number') return null;
  return {
    kind: 'error',
    recordIndex: index,
    path: `${at}.id`,
    reason: 'a simulation needs an "id" (string): it is the trajectory\'s id',
  };
}

/** A simulation of a results file, against its task definition. */
function convertEnveloped(info: Json, tasks: Map<string, Json>, index: number, sim: Json): SourceItem {
  const at = `simulations[${index}]`;
  const noId = missingId(sim, at, index);
  if (noId) return noId;
  const task = tasks.get(String(sim.task_id));
  if (!task)
    return {
      kind: 'error',
      recordIndex: index,
      path: `${at}.task_id`,
      reason: `task_id "${String(sim.task_id)}" is not in the file's tasks`,
    };
  // A simulation scored against another task's actions is still a real conversation: keep it, flagged.
  const warnings = foreignActionIds(task, sim, at);
  return {
    kind: 'record',
    recordIndex: index,
    record: toRecord(runInfoOf(info, task), task, sim, { warnings }),
    warnings,
  };
}

/**
 * A simulation of a bare list: its task is rebuilt from its own reward_info,
 * with the first user message as the instruction. The first simulation of a
 * task defines it for the file, so later trials agree with it.
 */
function convertBare(
  ctx: { domain: string; model: string },
  tasks: Map<string, Json>,
  index: number,
  sim: Json,
): SourceItem {
  const noId = missingId(sim, `[${index}]`, index);
  if (noId) return noId;
  const key = String(sim.task_id);
  let task = tasks.get(key);
  if (!task) {
    task = taskFromSimulation(
      sim,
      firstUserMessage(arr(sim.messages)) ??
        `τ²-bench task ${key} (no task definition and no user message in the file)`,
    );
    tasks.set(key, task);
  }
  const run: RunInfo = { domain: ctx.domain, model: ctx.model, agent: null, userLlm: null, policy: null };
  const warnings = foreignActionIds(task, sim, `[${index}]`);
  return {
    kind: 'record',
    recordIndex: index,
    record: toRecord(run, task, sim, { taskMeta: { instruction_source: 'first_user_message' }, warnings }),
    warnings,
  };
}

export const tau2Adapter: Adapter = async function* (input, opts) {
  let info: Json = {};
  const tasks = new Map<string, Json>();
  // Simulations seen before their tasks (not the case in real files) wait here.
  const early: { index: number; sim: Json }[] = [];
  let sawSimulations = false;
  let simulations = 0;
  let bare: { domain: string; model: string } | null = null;

  try {
    for await (const piece of streamJsonPieces(input, { arrayKeys: ['tasks', 'simulations'], wholeKeys: ['info'] })) {
      const index = piece.index ?? 0;
      if (piece.key === '') {
        // A bare list of simulations: no envelope, so no task definitions and no model name.
        if (!bare) {
          const ctx = fileContext(opts, TAU2_DOMAINS);
          if (!ctx.domain || !ctx.model) {
            const missing = [!ctx.domain && 'domain (airline/retail/telecom…)', !ctx.model && 'model']
              .filter(Boolean)
              .join(' and ');
            // The file's problem, not a record's: the import's one message (see SourceItem 'fatal').
            yield {
              kind: 'fatal',
              reason: `this τ²-bench file is a bare list of simulations, which names no ${missing}: name it with --domain/--model on the command line, the Domain/Model fields of the upload form, or a file name like gpt-4.1_telecom_….json`,
            };
            return;
          }
          bare = { domain: ctx.domain, model: ctx.model };
          yield {
            kind: 'warning',
            path: '',
            reason: `a bare list of simulations without task definitions: domain "${bare.domain}" and model "${bare.model}" come from ${opts.domain || opts.model ? 'the given options' : 'the file name'}, each task's checkpoints from its first simulation's reward_info, and its instruction is the simulated user's first message (a task already imported keeps its own definition)`,
          };
        }
        simulations++;
        yield isObj(piece.value)
          ? convertBare(bare, tasks, index, piece.value)
          : { kind: 'error', recordIndex: index, path: `[${index}]`, reason: 'a simulation must be an object' };
      } else if (piece.key === 'info' && isObj(piece.value)) info = piece.value;
      else if (piece.key === 'tasks' && isObj(piece.value)) tasks.set(String(piece.value.id), piece.value);
      else if (piece.key === 'simulations') {
        sawSimulations = true;
        simulations++;
        if (!isObj(piece.value))
          yield {
            kind: 'error',
            recordIndex: index,
            path: `simulations[${index}]`,
            reason: 'a simulation must be an object',
          };
        else if (tasks.size === 0) early.push({ index, sim: piece.value });
        else yield convertEnveloped(info, tasks, index, piece.value);
      }
    }
  } catch (err) {
    for (const e of early.splice(0)) yield convertEnveloped(info, tasks, e.index, e.sim);
    yield brokenJsonItem(err, ['simulations', '']);
    return;
  }
  for (const e of early) yield convertEnveloped(info, tasks, e.index, e.sim);
  if (simulations === 0) {
    // An empty `simulations` list (or an empty list) is a valid file with nothing in it, not a broken one.
    if (sawSimulations || bare !== null || Object.keys(info).length || tasks.size)
      yield { kind: 'warning', path: 'simulations', reason: '0 records — the file holds no simulations' };
    else
      yield {
        kind: 'error',
        path: 'simulations',
        reason: 'no "simulations" array found: is this a τ²-bench results file?',
      };
  }
};

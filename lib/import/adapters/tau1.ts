import { differingArgumentNames, sameTool } from '@/lib/trajectories/anchor-checkpoints';
import type { NativeEvent, NativeRecordInput } from '../native-schema';
import { brokenJsonItem, streamJsonPieces } from './json-stream';
import {
  anchorExpectedActions,
  arr,
  describeCall,
  expectedCall,
  fileContext,
  isObj,
  nativeRecord,
  parseArguments,
  str,
  toolName,
  type Json,
} from './shared';
import type { Adapter, AdapterOptions } from './types';

/**
 * τ-bench (v1) historical trajectories: a JSON list of
 * `{task_id, trial, reward, traj, info}`. The files name neither the model nor
 * the domain, so both come from the options or the file name
 * ("gpt-4o-airline.json" → model gpt-4o, domain airline).
 *
 * Checkpoints: one per expected action (passed when the trajectory contains a
 * call with that name and arguments: τ-bench itself only scores the final
 * database, so this is derived and says so in the note), the database check
 * (`r_actions`) and one per expected output (`r_outputs` / `outputs`).
 */
export const BENCHMARK = 'tau-bench';
const DOMAINS = ['airline', 'retail'];

const TAU1_NO_MODEL =
  'τ-bench (v1) files do not name the model that ran, and none was given: name it with --model on the command line, the Model field of the upload form, or a file name like gpt-4o-airline.json (model, then domain). Nothing was imported.';

export const tau1Context = (opts: AdapterOptions) => fileContext(opts, DOMAINS);

function domainFromPolicy(traj: unknown[]): string | undefined {
  const system = traj.find((m) => isObj(m) && m.role === 'system') as Json | undefined;
  const heading = str(system?.content)?.match(/^#\s*(\w+)\s+Agent Policy/i);
  return heading?.[1].toLowerCase();
}

function trajToEvents(traj: unknown[], domain: string): NativeEvent[] {
  const events: NativeEvent[] = [];
  const toolByCall = new Map<string, string>();
  for (const m of traj.filter(isObj)) {
    const content = str(m.content);
    if (m.role === 'system') {
      if (content) events.push({ source: 'environment', type: 'notification', content, metadata: { role: 'system' } });
    } else if (m.role === 'user') {
      if (content?.trim()) events.push({ source: 'user', type: 'message', content });
    } else if (m.role === 'assistant') {
      if (content?.trim()) events.push({ source: 'agent', type: 'message', content });
      for (const c of arr(m.tool_calls).filter(isObj)) {
        const fn = isObj(c.function) ? c.function : {};
        const tool = toolName(domain, str(fn.name) ?? 'unknown');
        const callId = str(c.id) ?? null;
        if (callId) toolByCall.set(callId, tool);
        events.push({
          source: 'agent',
          type: 'tool_call',
          tool,
          arguments: parseArguments(fn.arguments),
          call_id: callId,
        });
      }
    } else if (m.role === 'tool') {
      const callId = str(m.tool_call_id) ?? null;
      const tool = (callId && toolByCall.get(callId)) || (str(m.name) ? toolName(domain, str(m.name)!) : null);
      events.push({
        source: 'environment',
        type: 'observation',
        tool,
        call_id: callId,
        content: content ?? '',
        error: /^Error/i.test(content ?? ''),
      });
    }
  }
  return events;
}

export function tau1RecordToNative(rec: Json, ctx: { domain: string; model: string }): NativeRecordInput {
  const info = isObj(rec.info) ? rec.info : {};
  const task = isObj(info.task) ? info.task : {};
  const taskId = String(rec.task_id);
  const actions = arr(task.actions).filter(isObj);
  const outputs = arr(task.outputs).map(String);
  const events = trajToEvents(arr(rec.traj), ctx.domain);
  const rewardInfo = isObj(info.reward_info) ? info.reward_info : null;
  const sub = rewardInfo && isObj(rewardInfo.info) ? rewardInfo.info : {};
  const reward = typeof rec.reward === 'number' ? rec.reward : 0;

  const checkpoints: NonNullable<NativeRecordInput['task']['checkpoints']> = actions.map((a, i) => {
    const name = str(a.name) ?? '?';
    return {
      id: `${taskId}_${i}`,
      name: toolName(ctx.domain, name),
      description: `Expected call ${describeCall(name, parseArguments(a.kwargs))}`,
      kind: 'action',
      weight: 1,
    };
  });
  checkpoints.push({
    id: 'db',
    name: 'Final database state matches the expected one',
    description: 'r_actions: the database after the run hashes equal to the gold database.',
    kind: 'db',
    weight: 1,
  });
  outputs.forEach((o, i) =>
    checkpoints.push({
      id: `output_${i}`,
      name: `Tell the user "${o}"`,
      description: "r_outputs: the expected output appears in the agent's replies.",
      kind: 'output',
      weight: 1,
    }),
  );

  // τ-bench has no per-action result: "passed" is derived from an exact call being present.
  const expected = actions.map((a, i) => {
    const action = {
      key: `${taskId}_${i}`,
      passed: false,
      ...expectedCall(ctx.domain, a.name, a.kwargs),
      compared: null,
      by: 'agent' as const,
    };
    const passed = events.some(
      (e) =>
        e.type === 'tool_call' &&
        e.source === 'agent' &&
        sameTool(action.tool, e.tool ?? null) &&
        differingArgumentNames(action, e.arguments).length === 0,
    );
    return { ...action, passed };
  });
  const anchors = anchorExpectedActions(events, expected);
  const results: NonNullable<NativeRecordInput['checkpoints']> = expected.map((a) => ({
    id: a.key,
    passed: a.passed,
    event_index: anchors.get(a.key)!.eventIndex,
    note: a.passed
      ? 'Derived: a call with this name and arguments is in the trajectory.'
      : `Derived: ${anchors.get(a.key)!.note}`,
  }));
  if (typeof sub.r_actions === 'number')
    results.push({ id: 'db', passed: sub.r_actions >= 1, score: sub.r_actions, total: 1 });
  const perOutput = isObj(sub.outputs) ? sub.outputs : {};
  outputs.forEach((o, i) => {
    const met =
      typeof perOutput[o] === 'boolean' ? perOutput[o] : typeof sub.r_outputs === 'number' ? sub.r_outputs >= 1 : null;
    if (met != null) results.push({ id: `output_${i}`, passed: met === true });
  });

  return nativeRecord({
    task: {
      id: `${ctx.domain}/${taskId}`,
      benchmark: BENCHMARK,
      ability: ctx.domain,
      instruction: str(task.instruction) ?? '',
      apps: [ctx.domain],
      checkpoints,
      metadata: { user_id: task.user_id ?? null },
    },
    trajectory: {
      id: `${BENCHMARK}:${ctx.domain}:${ctx.model}:${taskId}:${String(rec.trial)}`,
      model: ctx.model,
      trial: typeof rec.trial === 'number' ? rec.trial : null,
      outcome: {
        passed: reward >= 1,
        score: reward,
        reason: rewardInfo ? null : 'no reward_info in the source record',
      },
      feedback: 'checkpoint_binary',
      metadata: {
        source: info.source ?? null,
        user_cost: info.user_cost ?? null,
        gt_data_hash: sub.gt_data_hash ?? null,
      },
    },
    events,
    checkpoints: results,
  });
}

export const tau1Adapter: Adapter = async function* (input, opts) {
  const ctx = tau1Context(opts);
  let count = 0;
  try {
    for await (const piece of streamJsonPieces(input, { arrayKeys: [], wholeKeys: [] })) {
      const index = piece.index ?? count;
      count++;
      const rec = piece.value;
      if (!isObj(rec) || !Array.isArray(rec.traj)) {
        yield {
          kind: 'error',
          recordIndex: index,
          path: `[${index}].traj`,
          reason: 'a τ-bench record needs a "traj" message list',
        };
        continue;
      }
      // The model is the file's, not a record's: said once, at the first τ-bench record (a file
      // that is not τ-bench at all still hears that instead), and nothing is imported without it.
      if (!ctx.model) {
        yield { kind: 'fatal', reason: TAU1_NO_MODEL };
        return;
      }
      // task_id and trial make the trajectory's id: without them it would be "…:undefined" and collide.
      const missing = (['task_id', 'trial'] as const).find(
        (k) => typeof rec[k] !== 'number' && (typeof rec[k] !== 'string' || !rec[k]),
      );
      if (missing) {
        yield {
          kind: 'error',
          recordIndex: index,
          path: `[${index}].${missing}`,
          reason: `a τ-bench record needs a "${missing}" (number or string): it is part of the trajectory's id`,
        };
        continue;
      }
      const domain = ctx.domain ?? domainFromPolicy(rec.traj);
      if (!domain) {
        yield {
          kind: 'error',
          recordIndex: index,
          path: `[${index}]`,
          reason:
            'cannot tell the domain (airline/retail): name it with --domain on the command line, or the Domain field of the upload form',
        };
        continue;
      }
      yield { kind: 'record', recordIndex: index, record: tau1RecordToNative(rec, { domain, model: ctx.model }) };
    }
  } catch (err) {
    yield brokenJsonItem(err, [''], `the JSON is malformed or truncated after ${count} records`);
    return;
  }
  // An object (e.g. τ²-bench results named as τ-bench) or an empty list would otherwise "succeed" with nothing imported.
  if (count === 0) {
    yield {
      kind: 'error',
      path: '',
      reason:
        'no τ-bench records found: a τ-bench (v1) file is a JSON list of {task_id, trial, reward, traj, info}. Check the format, or leave it to be detected.',
    };
  }
};

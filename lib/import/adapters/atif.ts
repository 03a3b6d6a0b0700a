import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { NativeEvent } from '../native-schema';
import { parseWholeJson } from './json-stream';
import { arr, isObj, nativeRecord, parseArguments, str, toolName, type Json } from './shared';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { type Adapter, type ItemWarning, type SourceItem } from './types';
import { sidecarFields, type AtifSidecars } from './atif-sidecars';

/** ATIF files are one trajectory each (a few MB at most): read whole, within this bound. */
export const MAX_ATIF_BYTES = 64 * 1024 * 1024;
const PUBLISHED_VERSION = /^ATIF-v1\.\d+$/;

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ATIF_BYTES)
      throw new Error(`the file is larger than ${MAX_ATIF_BYTES / 1024 / 1024} MB, the limit for one ATIF trajectory`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

type Call = { id: string | null; name: string; arguments: unknown };
type Result = { callId: string | null; content: string; error: boolean; step: number; at: string };

/** A tool call in the published shape `{tool_call_id, function_name, arguments}` or the `{id, name, arguments}` some converters write. */
function callOf(c: Json): { call: Call; departed: boolean } {
  if (str(c.function_name) != null)
    return {
      call: { id: str(c.tool_call_id) ?? null, name: str(c.function_name)!, arguments: c.arguments },
      departed: false,
    };
  return {
    call: { id: str(c.id) ?? str(c.tool_call_id) ?? null, name: str(c.name) ?? 'unknown', arguments: c.arguments },
    departed: true,
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

/**
 * A step's observation results: the published `{results: [{source_call_id, content}]}`,
 * or the departure `{type: "tool_result", content, result: {success, error}}` on a
 * system step whose message names the call ("Tool result for <id>").
 */
function resultsOf(step: Json, at: string): { results: Result[]; departed: boolean } {
  const obs = isObj(step.observation) ? step.observation : null;
  const stepId = typeof step.step_id === 'number' ? step.step_id : -1;
  if (!obs) return { results: [], departed: false };
  if (Array.isArray(obs.results))
    return {
      results: obs.results.filter(isObj).map((r, i) => ({
        callId: str(r.source_call_id) ?? null,
        content: text(r.content),
        error: r.is_error === true,
        step: stepId,
        at: `${at}.observation.results[${i}]`,
      })),
      departed: false,
    };
  const result = isObj(obs.result) ? obs.result : {};
  const named = str(step.message)?.match(/^Tool result for (\S+)/)?.[1];
  return {
    results: [
      {
        callId: str(obs.source_call_id) ?? named ?? null,
        content: text(obs.content ?? result.output ?? result.error),
        error: result.success === false || obs.is_error === true,
        step: stepId,
        at: `${at}.observation`,
      },
    ],
    departed: true,
  };
}

/**
 * ATIF (Agent Trajectory Interchange Format, Harbor / Terminal-Bench) →
 * one native record. Each departure from the published schema that it
 * tolerates (version string, tool-call keys, observation shape, results
 * before their calls, results of calls it never shows) is a warning on the
 * trajectory and in the report.
 */
export function atifToNative(
  doc: Json,
  opts: { model?: string; sidecars?: AtifSidecars },
): { record: unknown; warnings: ItemWarning[] } {
  const warnings: ItemWarning[] = [];
  const version = str(doc.schema_version) ?? '';
  if (!PUBLISHED_VERSION.test(version))
    warnings.push({
      path: 'schema_version',
      reason: `schema_version "${version}" is not the published form "ATIF-v1.x": read as ATIF v1`,
    });
  const agent = isObj(doc.agent) ? doc.agent : {};
  if (str(agent.model_name) == null && str(agent.model) != null)
    warnings.push({ path: 'agent.model', reason: 'the model is under agent.model, not agent.model_name' });
  const app = (str(agent.name) ?? 'agent').replace(/[^\w-]/g, '_').replace(/^[^A-Za-z]+/, '') || 'agent';
  const extra = isObj(doc.extra) ? doc.extra : {};
  const steps = arr(doc.steps).filter(isObj);

  // Results are paired to calls wherever they are listed: first gather them all.
  const resultsByCall = new Map<string, Result>();
  const loose: Result[] = [];
  let resultShapeWarned = false;
  steps.forEach((step, i) => {
    const { results, departed } = resultsOf(step, `steps[${i}]`);
    if (departed && !resultShapeWarned) {
      resultShapeWarned = true;
      warnings.push({
        path: `steps[${i}].observation`,
        reason:
          'tool results are separate steps with {type, content, result} instead of observation.results[] on the calling step',
      });
    }
    for (const r of results)
      if (r.callId && !resultsByCall.has(r.callId)) resultsByCall.set(r.callId, r);
      else loose.push(r);
  });

  const events: NativeEvent[] = [];
  const placed = new Set<Result>();
  const callIds = new Set<string>();
  let callShapeWarned = false;
  let early = 0;
  steps.forEach((step, i) => {
    const source = str(step.source);
    const message = text(step.message);
    const stepMeta = { step_id: step.step_id ?? null, timestamp: step.timestamp ?? null };
    // A departure-style result step is only its observation, placed with its call.
    const isResultStep = source === 'system' && isObj(step.observation) && !Array.isArray(step.observation.results);
    if (!isResultStep && message.trim()) {
      if (source === 'user') events.push({ source: 'user', type: 'message', content: message, metadata: stepMeta });
      else if (source === 'agent')
        events.push({
          source: 'agent',
          type: 'message',
          content: message,
          metadata: { ...stepMeta, ...(step.reasoning_content ? { reasoning: step.reasoning_content } : {}) },
        });
      else
        events.push({
          source: 'environment',
          type: 'notification',
          content: message,
          metadata: { ...stepMeta, role: source ?? null },
        });
    }
    for (const [j, raw] of arr(step.tool_calls).filter(isObj).entries()) {
      const { call, departed } = callOf(raw);
      if (departed && !callShapeWarned) {
        callShapeWarned = true;
        warnings.push({
          path: `steps[${i}].tool_calls[${j}]`,
          reason: 'tool calls use {id, name, arguments} instead of {tool_call_id, function_name, arguments}',
        });
      }
      const tool = toolName(app, call.name.replace(/[^\w.-]/g, '_'));
      if (call.id) callIds.add(call.id);
      events.push({
        source: 'agent',
        type: 'tool_call',
        tool,
        arguments: parseArguments(call.arguments),
        call_id: call.id,
        metadata: stepMeta,
      });
      const result = call.id ? resultsByCall.get(call.id) : undefined;
      if (result) {
        placed.add(result);
        if (result.step >= 0 && typeof step.step_id === 'number' && result.step < step.step_id) early++;
        events.push({
          source: 'environment',
          type: 'observation',
          tool,
          call_id: call.id,
          content: result.content,
          error: result.error,
          metadata: { step_id: result.step },
        });
      }
    }
  });
  if (early)
    warnings.push({
      path: 'steps',
      reason: `${early} tool result(s) are listed before the step of their call: each is placed right after its call`,
    });
  // Results of calls the trajectory never shows: kept, in step order, after everything else, with no tool.
  const orphans = [...resultsByCall.values(), ...loose].filter((r) => !placed.has(r)).sort((a, b) => a.step - b.step);
  for (const r of orphans) {
    events.push({
      source: 'environment',
      type: 'observation',
      tool: null,
      call_id: r.callId,
      content: r.content,
      error: r.error,
      metadata: { step_id: r.step, unmatched_call: true },
    });
  }
  if (orphans.length)
    warnings.push({
      path: 'steps',
      reason: `${orphans.length} tool result(s) answer calls the trajectory does not contain (${orphans
        .map((r) => r.callId ?? '?')
        .slice(0, 5)
        .join(', ')}${orphans.length > 5 ? ', …' : ''}): kept at the end, unmatched`,
    });

  const metrics = opts.sidecars?.metrics ?? {};
  const firstUser = steps.find((s) => s.source === 'user');
  const instruction =
    (str(extra.instruction) ?? str(metrics.instruction) ?? text(firstUser?.message)).trim() ||
    'ATIF trajectory without an instruction';
  const taskKey =
    str(extra.task_id) ??
    str(extra.task_name) ??
    str(extra.task) ??
    `instruction-${createHash('sha256').update(instruction).digest('hex').slice(0, 12)}`;
  const reported =
    typeof extra.success === 'boolean' ? extra.success : typeof metrics.success === 'boolean' ? metrics.success : null;
  const side = sidecarFields(opts.sidecars, reported, warnings);
  const model = str(agent.model_name) ?? str(agent.model) ?? opts.model ?? 'unknown';
  const sessionId =
    str(doc.session_id) ?? createHash('sha256').update(JSON.stringify(steps)).digest('hex').slice(0, 16);
  return {
    record: nativeRecord({
      task: {
        id: taskKey,
        benchmark: str(extra.benchmark) ?? 'atif',
        instruction,
        apps: [app],
        checkpoints: side.taskCheckpoints,
      },
      trajectory: {
        id: `atif:${sessionId}`,
        model,
        agent: [str(agent.name), str(agent.version)].filter(Boolean).join(' ') || null,
        outcome: side.outcome ?? {
          passed: reported === true,
          score: reported == null ? null : reported ? 1 : 0,
          reason:
            reported == null
              ? 'the trajectory carries no outcome'
              : 'as the run reported it (extra.success): no verifier result was read',
        },
        feedback: side.outcome ? 'checkpoint_binary' : 'self_judge',
        metadata: {
          atif_schema_version: version || null,
          provider: agent.provider ?? null,
          final_metrics: doc.final_metrics ?? null,
          ...side.metadata,
          ...(warnings.length ? { [DATA_QUALITY_KEY]: warnings } : {}),
        },
      },
      events,
      checkpoints: side.checkpoints,
    }),
    warnings,
  };
}

export const atifAdapter: Adapter = async function* (input, opts): AsyncGenerator<SourceItem> {
  const parsed = await parseWholeJson(readAll(input), 'the ATIF file cannot be read');
  if ('error' in parsed) {
    yield parsed.error;
    return;
  }
  const doc = parsed.value;
  if (!isObj(doc) || !Array.isArray(doc.steps)) {
    yield {
      kind: 'error',
      recordIndex: 0,
      path: 'steps',
      reason: 'an ATIF trajectory is an object with a "steps" list',
    };
    return;
  }
  const { record, warnings } = atifToNative(doc, { model: opts.model });
  yield { kind: 'record', recordIndex: 0, record, warnings };
};

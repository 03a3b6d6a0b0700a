import type { NativeEvent } from '../native-schema';
import { isObj, parseArguments, str, toolName, type Json } from './shared';

/**
 * OpenHands event streams → native events, in both shapes OpenHands writes:
 * V0 (`action` + `args` / `observation` + `content`, `cause`,
 * `tool_call_metadata`) and V1 (`kind`: ActionEvent / ObservationEvent /
 * MessageEvent …). A model-chosen action becomes a tool call named by its
 * function; its observation pairs to it by tool call id, else by `cause`.
 * Nothing is dropped: events of no known meaning (state changes, system
 * prompts) are kept as notifications with their raw kind in metadata.
 */
const APP = 'openhands';

/** V0 actions that act on the environment even when no tool call names them (older, pre-function-calling runs). */
const ENV_ACTIONS = new Set([
  'run',
  'run_ipython',
  'edit',
  'read',
  'write',
  'browse',
  'browse_interactive',
  'delegate',
]);

type Context = { callIdOf: Map<string, string>; lastCall: string | null; seen: number };

const EVENT_KEYS = new Set([
  'id',
  'timestamp',
  'source',
  'message',
  'action',
  'observation',
  'cause',
  'tool_call_metadata',
  'timeout',
]);

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

/** `args`, or (the 2024 resolver shape) the action's own fields at the top level. */
function argsOf(e: Json): Record<string, unknown> {
  if (isObj(e.args)) return e.args;
  return Object.fromEntries(Object.entries(e).filter(([k]) => !EVENT_KEYS.has(k)));
}

function v0Event(e: Json, ctx: Context): NativeEvent {
  const meta: Json = { openhands_id: e.id ?? null, timestamp: e.timestamp ?? null };
  // The 2024 shape names no source: its first message is the user's task.
  const first = ctx.seen++ === 0;
  const source =
    e.source === 'user' || (e.source == null && first && e.action === 'message')
      ? 'user'
      : e.source === 'environment'
        ? 'environment'
        : 'agent';
  const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : null;
  if (typeof e.observation === 'string') {
    const cause = e.cause != null ? String(e.cause) : null;
    const callId = str(tcm?.tool_call_id) ?? (cause ? (ctx.callIdOf.get(cause) ?? `oh-${cause}`) : ctx.lastCall);
    ctx.lastCall = null;
    return {
      source: 'environment',
      type: 'observation',
      content: text(e.content ?? e.message),
      call_id: callId,
      error:
        e.observation === 'error' ||
        (isObj(e.extras) && typeof e.extras.exit_code === 'number' && e.extras.exit_code !== 0),
      metadata: { ...meta, observation: e.observation, extras: e.extras ?? null },
    };
  }
  const action = str(e.action) ?? '';
  const args = argsOf(e);
  if (action === 'message' || action === 'think')
    return {
      source: source === 'environment' ? 'environment' : source,
      type: 'message',
      content: text(args.content ?? args.thought ?? e.message),
      metadata: { ...meta, action, ...(action === 'think' ? { think: true } : {}) },
    };
  if (action === 'finish')
    return {
      source: 'agent',
      type: 'final',
      content: text(args.final_thought ?? e.message ?? args.thought),
      metadata: { ...meta, action, args },
    };
  if (tcm || ENV_ACTIONS.has(action)) {
    const callId = str(tcm?.tool_call_id) ?? `oh-${e.id != null ? String(e.id) : `n${ctx.seen}`}`;
    if (e.id != null) ctx.callIdOf.set(String(e.id), callId);
    ctx.lastCall = callId;
    const fn = str(tcm?.function_name) ?? action;
    const { thought, ...rest } = args;
    return {
      source: source === 'user' ? 'user' : 'agent',
      type: 'tool_call',
      tool: toolName(APP, fn.replace(/[^\w.-]/g, '_') || 'action'),
      arguments: rest,
      call_id: callId,
      content: typeof thought === 'string' && thought ? thought : null,
      metadata: { ...meta, action, model: isObj(tcm?.model_response) ? (tcm.model_response.model ?? null) : null },
    };
  }
  return {
    source: source === 'user' ? 'user' : 'environment',
    type: 'notification',
    content: text(e.message) || action || 'event',
    metadata: { ...meta, action, args },
  };
}

/** The text of a V1 message or observation: a string, or a list of `{type: "text", text}` parts. */
function partsText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((p) => (isObj(p) ? text(p.text ?? '') : text(p))).join('\n');
  if (isObj(v)) return partsText(v.content ?? v.text ?? v.output ?? JSON.stringify(v));
  return '';
}

function v1Event(e: Json, ctx: Context): NativeEvent {
  const kind = str(e.kind) ?? '';
  const meta: Json = { openhands_id: e.id ?? null, timestamp: e.timestamp ?? null, kind };
  if (kind === 'ActionEvent') {
    const call = isObj(e.tool_call) ? e.tool_call : {};
    const callId = str(e.tool_call_id) ?? str(call.id) ?? `oh-${String(e.id ?? '')}`;
    if (e.id != null) ctx.callIdOf.set(String(e.id), callId);
    const fn = str(e.tool_name) ?? str(call.name) ?? (isObj(e.action) ? str(e.action.kind) : undefined) ?? 'action';
    const args = call.arguments != null ? parseArguments(call.arguments) : isObj(e.action) ? e.action : {};
    if (fn === 'finish')
      return { source: 'agent', type: 'final', content: text(args.message ?? partsText(e.thought)), metadata: meta };
    return {
      source: 'agent',
      type: 'tool_call',
      tool: toolName(APP, fn.replace(/[^\w.-]/g, '_')),
      arguments: args,
      call_id: callId,
      content: partsText(e.thought) || null,
      metadata: meta,
    };
  }
  if (kind === 'ObservationEvent' || kind === 'AgentErrorEvent' || kind === 'UserRejectObservation') {
    const action = e.action_id != null ? ctx.callIdOf.get(String(e.action_id)) : undefined;
    return {
      source: 'environment',
      type: 'observation',
      content: partsText(e.observation ?? e.error ?? e.rejection_reason),
      call_id: str(e.tool_call_id) ?? action ?? null,
      error: kind !== 'ObservationEvent' || (isObj(e.observation) && e.observation.is_error === true),
      metadata: meta,
    };
  }
  if (kind === 'MessageEvent') {
    const m = isObj(e.llm_message) ? e.llm_message : {};
    const who = e.source === 'user' || m.role === 'user' ? 'user' : 'agent';
    return { source: who, type: 'message', content: partsText(m.content), metadata: meta };
  }
  return { source: 'environment', type: 'notification', content: kind || 'event', metadata: { ...meta, raw: e } };
}

/** One OpenHands event, whichever shape, or null when it is not an object (reported by the caller). */
export function openHandsEvent(e: unknown, ctx: Context): NativeEvent | null {
  if (!isObj(e)) return null;
  // V0 names its action or observation with a string ("run"); V1 nests them as objects under a `kind`.
  return typeof e.kind === 'string' && typeof e.action !== 'string' && typeof e.observation !== 'string'
    ? v1Event(e, ctx)
    : v0Event(e, ctx);
}

/** A whole event list in order; `bad` lists the positions that were not events. */
export function openHandsEvents(list: unknown[]): { events: NativeEvent[]; bad: number[] } {
  const ctx: Context = { callIdOf: new Map(), lastCall: null, seen: 0 };
  const events: NativeEvent[] = [];
  const bad: number[] = [];
  list.forEach((e, i) => {
    const ev = openHandsEvent(e, ctx);
    if (ev) events.push(ev);
    else bad.push(i);
  });
  return { events, bad };
}

/** The model a V0 stream names in its tool calls' model responses, when the caller does not know it. */
export function modelInEvents(list: unknown[]): string | undefined {
  for (const e of list) {
    const tcm = isObj(e) && isObj(e.tool_call_metadata) ? e.tool_call_metadata : null;
    const model = tcm && isObj(tcm.model_response) ? str(tcm.model_response.model) : undefined;
    if (model) return model;
  }
  return undefined;
}

/** The first user message: the instruction when nothing else gives one. */
export function firstUserText(events: NativeEvent[]): string | undefined {
  return events.find((e) => e.source === 'user' && e.type === 'message' && e.content)?.content ?? undefined;
}

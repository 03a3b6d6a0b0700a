import { stableStringify } from '@/lib/trajectories/content-hash';
import type { NativeEvent, NativeRecordInput } from '../native-schema';

/** Loose view of untrusted JSON: adapters read fields defensively and let zod report the rest. */
export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** "airline" + "get_user_details" → "airline.get_user_details" (the native tool naming). */
export function toolName(app: string, fn: string): string {
  return fn.includes('.') ? fn : `${app}.${fn}`;
}

/** Tool-call arguments arrive as objects (τ²) or JSON strings (OpenAI messages in τ-bench). */
export function parseArguments(raw: unknown): Record<string, unknown> {
  if (isObj(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const v: unknown = JSON.parse(raw);
      if (isObj(v)) return v;
    } catch {
      // kept verbatim below
    }
    return { _raw: raw };
  }
  return {};
}

/** Who is expected to make a call: the agent, or (τ²-bench dual control) the simulated user. */
export type Caller = 'agent' | 'user';
const isCallBy = (e: NativeEvent, tool: string, by: Caller) =>
  e.type === 'tool_call' && e.tool === tool && e.source === by;

/**
 * Position of the first tool call by `by` with this tool name whose arguments
 * match the expected ones on the compared keys (all keys when none are named).
 */
export function anchorToolCall(
  events: NativeEvent[],
  tool: string,
  expected: Record<string, unknown>,
  compareKeys?: string[] | null,
  by: Caller = 'agent',
): number | null {
  const keys = compareKeys ?? Object.keys(expected);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (!isCallBy(e, tool, by)) continue;
    const args = e.arguments ?? {};
    if (keys.every((k) => stableStringify(args[k]) === stableStringify(expected[k]))) return i;
  }
  return null;
}

/** Position of the first call of this tool by `by`, whatever its arguments. */
export function firstCallOf(events: NativeEvent[], tool: string, by: Caller = 'agent'): number | null {
  const i = events.findIndex((e) => isCallBy(e, tool, by));
  return i >= 0 ? i : null;
}

/**
 * Anchors an expected-action checkpoint: the matching call when there is one;
 * otherwise, so the annotator lands near the mistake, the first call of the
 * same tool (with a note saying the arguments differ).
 */
export function anchorExpectedAction(
  events: NativeEvent[],
  tool: string,
  expected: Record<string, unknown>,
  compareKeys?: string[] | null,
  by: Caller = 'agent',
): { eventIndex: number | null; note: string | null } {
  const exact = anchorToolCall(events, tool, expected, compareKeys, by);
  if (exact != null) return { eventIndex: exact, note: null };
  const nearest = firstCallOf(events, tool, by);
  const who = by === 'user' ? 'the user' : 'the agent';
  if (nearest != null)
    return {
      eventIndex: nearest,
      note: `No call of ${tool} by ${who} with the expected arguments; anchored to its first call, whose arguments differ.`,
    };
  return {
    eventIndex: null,
    note: by === 'user' ? `The user never calls ${tool}.` : `The trajectory never calls ${tool}.`,
  };
}

export type RecordParts = Pick<NativeRecordInput, 'task' | 'trajectory' | 'events' | 'checkpoints'>;

export function nativeRecord(parts: RecordParts): NativeRecordInput {
  return { format: 'trajectory.v1', ...parts };
}

/**
 * Domain and model from a results file's name, for formats that do not name
 * them: "gpt-4o-airline.json" (τ-bench) or
 * "gpt-4.1_telecom_default_gpt-4.1_1trials.json" (τ²-bench) → the domain
 * found among `domains`, the model = what precedes it.
 */
export function contextFromFileName(fileName: string, domains: string[]): { domain?: string; model?: string } {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.jsonl?$/i, '');
  for (const d of domains) {
    const at = base.search(new RegExp(`(^|[-_])${d}([-_.]|$)`));
    if (at < 0) continue;
    return { domain: d, model: at > 0 ? base.slice(0, at) : undefined };
  }
  return {};
}

/** Short human label of an expected call, e.g. `send_certificate(user_id=…, amount=50)`. */
export function describeCall(name: string, args: Record<string, unknown>): string {
  const inner = Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${name}(${inner})`;
}

import { assignCheckpointAnchors, type ExpectedAction } from '@/lib/trajectories/anchor-checkpoints';
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

/** The call an expected action (a benchmark's `{name, arguments}`) stands for, in native tool naming. */
export function expectedCall(app: string, name: unknown, args: unknown): { tool: string; arguments: Json } {
  return { tool: toolName(app, str(name) ?? ''), arguments: parseArguments(args) };
}

/** Who is expected to make a call: the agent, or (τ²-bench dual control) the simulated user. */
export type Caller = 'agent' | 'user';

export type ExpectedActionInput = ExpectedAction & { by: Caller };

/**
 * Anchors a run's expected-action checkpoints together (lib/trajectories/anchor-checkpoints.ts):
 * a passed one to its matching call, a failed one to the closest call of its tool that no other
 * checkpoint took, with a note naming what differs. A user-side action (dual control) is anchored
 * to the simulated user's calls only, an agent action to the agent's.
 */
export function anchorExpectedActions(
  events: NativeEvent[],
  actions: ExpectedActionInput[],
): Map<string, { eventIndex: number | null; note: string | null }> {
  const out = new Map<string, { eventIndex: number | null; note: string | null }>();
  for (const by of ['agent', 'user'] as const) {
    const mine = actions.filter((a) => a.by === by);
    if (!mine.length) continue;
    const calls = events.flatMap((e, position) =>
      e.type === 'tool_call' && e.source === by ? [{ position, tool: e.tool ?? null, arguments: e.arguments }] : [],
    );
    const anchors = assignCheckpointAnchors(mine, calls);
    const who = by === 'user' ? 'the user' : 'the agent';
    for (const a of mine) {
      const anchor = anchors.get(a.key)!;
      out.set(a.key, {
        eventIndex: anchor.eventIndex,
        note:
          anchor.eventIndex == null
            ? by === 'user'
              ? `The user never calls ${a.tool}.`
              : `The trajectory never calls ${a.tool}.`
            : anchor.exact
              ? null
              : `No call of ${a.tool} by ${who} with the expected arguments; the closest differs in ${anchor.differing.join(', ')}.`,
      });
    }
  }
  return out;
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

/**
 * Domain and model of a file that does not name them: the options (CLI flags, upload form fields),
 * else the file name. The name's model counts only when its domain is the one used, so a model
 * read off a name whose domain was overridden is not taken for the run's.
 */
export function fileContext(
  opts: { fileName: string; domain?: string; model?: string },
  domains: string[],
): { domain: string | undefined; model: string | undefined } {
  const named = contextFromFileName(opts.fileName, domains);
  const domain = opts.domain ?? named.domain;
  const model = opts.model ?? (named.domain === domain ? named.model : undefined);
  return { domain, model: model || undefined };
}

/** Short human label of an expected call, e.g. `send_certificate(user_id=…, amount=50)`. */
export function describeCall(name: string, args: Record<string, unknown>): string {
  const inner = Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${name}(${inner})`;
}

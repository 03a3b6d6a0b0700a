import { PLACEHOLDER_RE } from '@/lib/privacy/patterns';
import { isStateChanging } from './tool-effects';

/**
 * Wording helpers of the rule-based provider: titles after the decision,
 * tags from the decision's vocabulary (functions, objects, argument names),
 * completion conditions the agent can observe in a returned value.
 */
export const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
export const human = (name: string) => name.replace(/[_-]+/g, ' ').trim();
export const fnOf = (tool: string) => tool.slice(tool.indexOf('.') + 1);
export const call = (tool: string, args: unknown) => clip(`${tool}(${JSON.stringify(args ?? {})})`, 380);

/** Verbs and fillers that name the action, not the object it acts on. */
const VERBS = new Set([
  'get',
  'list',
  'search',
  'find',
  'read',
  'fetch',
  'lookup',
  'look',
  'up',
  'details',
  'info',
  'send',
  'create',
  'update',
  'delete',
  'remove',
  'cancel',
  'book',
  'add',
  'modify',
  'set',
  'change',
  'by',
  'of',
  'for',
  'all',
  'new',
]);
const STOP = new Set(['the', 'and', 'for', 'with', 'wrong', 'other', 'call', 'calls']);

/** "update_reservation_flights" → "reservation"; "get_user_details" → "user". */
export function objectOf(tool: string): string {
  const parts = fnOf(tool).toLowerCase().split(/[_-]+/).filter(Boolean);
  const nouns = parts.filter((p) => !VERBS.has(p));
  return nouns[0] ?? parts.at(-1) ?? 'result';
}

/** Whether the function's name names an object besides its verb ("get_user_details" does, "calculate" does not). */
export function hasObject(tool: string): boolean {
  const parts = fnOf(tool).toLowerCase().split(/[_-]+/).filter(Boolean);
  if (parts.length < 2 || parts[1] === 'to') return false;
  return parts.some((p) => !VERBS.has(p)) && objectOf(tool) !== parts[0];
}

export function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w));
}

/** "cabin economy, total baggages 0": the values that carry the contrast (placeholders say nothing, so they are left out). */
export function describeValues(args: unknown, keys: string[]): string {
  const x = (args ?? {}) as Record<string, unknown>;
  return keys
    .map((k) => {
      const v = x[k];
      if (v === undefined || v === null) return `no ${human(k)}`;
      const s = typeof v === 'string' ? v : JSON.stringify(v);
      PLACEHOLDER_RE.lastIndex = 0;
      if (PLACEHOLDER_RE.test(s) || s.length > 40) return human(k);
      return `${human(k)} ${s}`;
    })
    .join(', ');
}

/** Tags from functions, the object they act on and the argument names in play; never the failure category. */
export function decisionTags(tools: string[], keys: string[], apps: string[]): string[] {
  const tags = [
    ...tools.map((t) => fnOf(t).toLowerCase().replace(/_/g, '-')),
    ...tools.map(objectOf),
    ...keys.flatMap((k) => words(k)),
    ...apps.map((a) => a.toLowerCase()),
  ].filter((t) => /^[a-z0-9][a-z0-9 _-]*$/.test(t));
  const out = [...new Set(tags)].slice(0, 8);
  for (const filler of ['tool-arguments', 'state-change', 'confirmation'])
    if (out.length < 3 && !out.includes(filler)) out.push(filler);
  return out;
}

/**
 * A completion condition the agent can check itself: the returned object
 * shows the requested values — never "the check passes" (an evaluator verdict
 * the agent cannot see).
 */
export function observableCompletion(tool: string | null, keys: string[]): string {
  if (!tool) return 'The reply to the user states the outcome, and the user confirms it is what they asked for';
  // A function named only by its verb ("calculate", "think", "transfer_to_…") has no object to name:
  // "airline.calculate returned the calculate" is a template with an empty slot.
  const obj = hasObject(tool) ? human(objectOf(tool)) : null;
  if (!obj) {
    return isStateChanging(tool)
      ? `${tool} returns without an error, and the reply tells the user what happens next`
      : `${tool} returned a result, and that result is what the next step uses`;
  }
  if (isStateChanging(tool)) {
    return keys.length
      ? `The ${obj} returned by ${tool} shows the ${human(keys.join(', '))} the user asked for`
      : `${tool} returns the updated ${obj} without an error and it shows the change the user asked for`;
  }
  return `${tool} returned the ${obj} the next step relies on, and its values are the ones used next`;
}

/** The first clause of an annotator's corrective text, for a title that names the decision. */
export function firstClause(s: string): string {
  const c = s
    .split(/(?<=[.;:!?])\s|\s(?:because|so that|since)\s/)[0]
    .replace(/[.;:!?]+$/, '')
    .trim();
  return c ? c[0].toUpperCase() + c.slice(1) : c;
}

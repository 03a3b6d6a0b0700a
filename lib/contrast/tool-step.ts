import { canonicalJson } from '@/lib/text/canonical-json';
/**
 * One tool call as the contrast view sees it, and how two calls compare.
 * The comparison key is `App.function` + its key arguments: free-text
 * arguments (message bodies, summaries) differ in wording between models
 * without meaning a different action, so they are left out of the key.
 */
export type ToolStep = {
  tool: string;
  arguments: Record<string, unknown> | null;
  /** Event position in the trajectory (0-based). */
  position: number;
};

/** String arguments longer than this are free text, not identifiers: not part of the key. */
export const FREE_TEXT_MIN_LENGTH = 80;

function isFreeText(value: unknown): boolean {
  return typeof value === 'string' && value.length >= FREE_TEXT_MIN_LENGTH;
}

/** The key arguments as sorted `name=value` pairs (value in canonical JSON). */
export function keyArgumentPairs(args: ToolStep['arguments']): string[] {
  if (!args) return [];
  return Object.keys(args)
    .filter((k) => args[k] !== undefined && !isFreeText(args[k]))
    .sort()
    .map((k) => `${k}=${canonicalJson(args[k])}`);
}

/** Identity of a step for alignment and divergence: same key ⇒ same action. */
export function stepKey(step: Pick<ToolStep, 'tool' | 'arguments'>): string {
  return `${step.tool}(${keyArgumentPairs(step.arguments).join(',')})`;
}

/**
 * 1 for the same key, between 0.5 and 1 for the same tool with partly
 * different key arguments (share of equal `name=value` pairs), 0 for
 * different tools.
 */
export function stepSimilarity(
  a: Pick<ToolStep, 'tool' | 'arguments'>,
  b: Pick<ToolStep, 'tool' | 'arguments'>,
): number {
  if (a.tool !== b.tool) return 0;
  const pa = new Set(keyArgumentPairs(a.arguments));
  const pb = new Set(keyArgumentPairs(b.arguments));
  const union = new Set([...pa, ...pb]).size;
  if (union === 0) return 1;
  let shared = 0;
  for (const p of pa) if (pb.has(p)) shared++;
  return 0.5 + 0.5 * (shared / union);
}

function compactValue(value: unknown, max: number): string {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max - 1)}…` : value;
  if (Array.isArray(value)) {
    const inner = value.map((v) => compactValue(v, max)).join(', ');
    return inner.length > max ? `[${value.length} items]` : `[${inner}]`;
  }
  if (value && typeof value === 'object') {
    // Nested objects (e.g. flight legs): their values are what tells calls apart.
    const inner = Object.values(value as Record<string, unknown>)
      .map((v) => compactValue(v, max))
      .join(' ');
    return inner.length > max ? `${inner.slice(0, max - 1)}…` : inner;
  }
  return String(value);
}

/**
 * Short, plain-text rendering of the arguments for a table cell, e.g.
 * `cabin=economy, reservation_id=M05KNL`. Names are sorted: PostgreSQL's jsonb
 * does not keep the original order, and rows read best when names line up.
 */
export function compactArguments(args: ToolStep['arguments'], maxValue = 40): string {
  if (!args) return '';
  return Object.keys(args)
    .sort()
    .map((k) => `${k}=${compactValue(args[k], maxValue)}`)
    .join(', ');
}

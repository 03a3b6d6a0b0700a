import type { Alignment } from './align-tool-calls';
import type { Divergence } from './find-divergence';
import { differingKeys } from '@/lib/text/canonical-json';
import { FREE_TEXT_MIN_LENGTH, type ToolStep } from './tool-step';

/**
 * How each differing run departs from the passing runs' consensus at the
 * first divergence — "departs from passing runs" made concrete:
 * - `missing`: the passing runs make a call here, this run makes none;
 * - `extra`: this run makes a call the passing runs do not;
 * - `other-tool`: both call, different tools;
 * - `arguments`: same tool, these key arguments differ (consensus → this run).
 * Free-text arguments (messages, summaries) are left out, as in the step key:
 * their wording differs between models without meaning another action.
 */
export type StepDifference = {
  trajectoryId: string;
  kind: 'missing' | 'extra' | 'other-tool' | 'arguments';
  consensusTool: string | null;
  actualTool: string | null;
  /** Only the differing key arguments, by name: what the passing runs passed, and what this run passed. */
  consensus: Record<string, unknown>;
  actual: Record<string, unknown>;
};

const isKeyArgument = (v: unknown) => v !== undefined && !(typeof v === 'string' && v.length >= FREE_TEXT_MIN_LENGTH);

/** The key arguments whose values differ between two calls of the same tool (either side may lack one). */
export function differingArguments(
  a: ToolStep['arguments'],
  b: ToolStep['arguments'],
): { consensus: Record<string, unknown>; actual: Record<string, unknown> } {
  const left = a ?? {};
  const right = b ?? {};
  const consensus: Record<string, unknown> = {};
  const actual: Record<string, unknown> = {};
  for (const k of differingKeys(left, right)) {
    if (!isKeyArgument(left[k]) && !isKeyArgument(right[k])) continue;
    consensus[k] = left[k] ?? null;
    actual[k] = right[k] ?? null;
  }
  return { consensus, actual };
}

/** One entry per differing run at `divergence.row` (pass-vs-fail mode only; otherwise none). */
export function divergenceDetails(
  alignment: Alignment,
  divergence: Divergence,
  passedById: Record<string, boolean>,
): StepDifference[] {
  if (divergence.mode !== 'pass-vs-fail' || divergence.row === null) return [];
  const row = alignment.rows[divergence.row];
  const passing = alignment.ids.findIndex((id) => passedById[id] === true);
  if (!row || passing < 0) return [];
  const expected = row[passing]?.step ?? null;
  return divergence.differing.flatMap((id): StepDifference[] => {
    const i = alignment.ids.indexOf(id);
    if (i < 0) return [];
    const actual = row[i]?.step ?? null;
    const base = {
      trajectoryId: id,
      consensusTool: expected?.tool ?? null,
      actualTool: actual?.tool ?? null,
      consensus: {},
      actual: {},
    };
    if (expected && !actual) return [{ ...base, kind: 'missing' }];
    if (!expected && actual) return [{ ...base, kind: 'extra' }];
    if (!expected || !actual) return [];
    if (expected.tool !== actual.tool) return [{ ...base, kind: 'other-tool' }];
    return [{ ...base, kind: 'arguments', ...differingArguments(expected.arguments, actual.arguments) }];
  });
}

import type { AlignedStep, ContrastPacket, PacketDiagnosis } from './packet';
import { differingKeys } from '@/lib/text/canonical-json';
import { call, clip, describeValues } from './offline-wording';

/**
 * The contrast at a diagnosed call, for the rule-based provider: which calls
 * the diagnosis points at, and what passing and failing runs did in that
 * aligned row (good and bad examples, success and failure contrast).
 */
export type Contrast = {
  passTool: string | null;
  failTool: string | null;
  keys: string[];
  good: string[];
  bad: string[];
  success: string[];
  failure: string[];
};

/**
 * The contrast at the diagnosed call, from the aligned step: the passing runs'
 * calls in that row are the good examples, the failing runs' the bad ones
 * (de-duplicated). With every run failed there is no success content at all.
 */
export function alignedContrast(
  packet: ContrastPacket,
  d: PacketDiagnosis,
  anchored: { actions: { tool: string; arguments: unknown }[]; ownRun: boolean },
): Contrast {
  let step = d.aligned_step;
  // Same call after de-identification (another message id, say): the lesson is where the run departed, not here.
  const div = packet.divergences.find((v) => v.failing_run === d.run && v.passing_action);
  if (step && div && !showsContrast(step)) {
    step = {
      passing: [{ run: div.passing_run, ...div.passing_action! }],
      failing: div.failing_action ? [{ run: d.run, ...div.failing_action }] : [],
    };
  }
  const passing = packet.all_failed ? [] : (step?.passing ?? []);
  // Only calls the diagnosed run (or another failing run at the same point) made are bad examples.
  const failing = step?.failing.length
    ? step.failing
    : anchored.ownRun
      ? anchored.actions.slice(0, 3).map((a) => ({ run: d.run, ...a }))
      : [];
  const passTool = passing[0]?.tool ?? null;
  const failTool = (failing.find((f) => f.run === d.run) ?? failing[0])?.tool ?? null;
  const sameTool = passTool !== null && passTool === failTool;
  const failCall = failing.find((f) => f.run === d.run) ?? failing[0];
  const keys =
    sameTool && failCall
      ? [...new Set(passing.flatMap((p) => differingKeys(p.arguments, failCall.arguments)))].sort()
      : [];
  const good = uniq(passing.map((p) => call(p.tool, p.arguments))).slice(0, 3);
  // A bad example identical to a good one teaches nothing (the validator would reject the whole delta).
  const goodSet = new Set(good.map((g) => g.toLowerCase()));
  const bad = uniq(failing.map((f) => call(f.tool, f.arguments)))
    .filter((b) => !goodSet.has(b.toLowerCase()))
    .slice(0, 3);
  const success = passing.length
    ? uniq(
        passing.map((p) =>
          clip(
            keys.length
              ? `A passing run called ${p.tool} with ${describeValues(p.arguments, keys)}`
              : `A passing run called ${p.tool} at this point`,
            300,
          ),
        ),
      ).slice(0, 3)
    : [];
  // A failing run that passed what the passing runs passed (it failed elsewhere) is no contrast: listed, it
  // read "a failing run called X with total baggages 0" under "a passing run called X with total baggages 0".
  const passedValues = new Set(
    passing.filter((p) => p.tool === passTool).map((p) => describeValues(p.arguments, keys)),
  );
  const failure =
    failing.length && passTool
      ? uniq(
          failing
            .filter((f) => !(f.tool === passTool && keys.length && passedValues.has(describeValues(f.arguments, keys))))
            .map((f) =>
              clip(
                f.tool === passTool
                  ? keys.length
                    ? `A failing run called ${f.tool} with ${describeValues(f.arguments, keys)}`
                    : ''
                  : `A failing run called ${f.tool} where passing runs called ${passTool}`,
                300,
              ),
            ),
        ).filter(Boolean)
      : [];
  return { passTool, failTool, keys, good, bad, success, failure };
}

function showsContrast(step: AlignedStep): boolean {
  const good = new Set(step.passing.map((p) => call(p.tool, p.arguments)));
  return step.passing.length > 0 && step.failing.some((f) => !good.has(call(f.tool, f.arguments)));
}

export function uniq(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = x.trim().toLowerCase();
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The calls a diagnosis points at: those in its span; else the run's last call
 * at or before the span (annotators often anchor on the message after it);
 * else the checkpoint's own tool when the checkpoint is named after one.
 */
export function anchoredActions(
  packet: ContrastPacket,
  d: PacketDiagnosis,
): { actions: { tool: string; arguments: unknown }[]; ownRun: boolean } {
  if (d.actions_in_span.length) return { actions: d.actions_in_span, ownRun: true };
  const run = packet.runs.find((r) => r.label === d.run);
  const end = d.span.end ?? d.span.start;
  const before = end === null ? undefined : run?.actions.filter((a) => a.position <= end).at(-1);
  if (before) return { actions: [before], ownRun: true };
  const own = run?.actions.find((a) => a.tool === d.checkpoint);
  if (own) return { actions: [own], ownRun: true };
  const other = packet.runs.flatMap((r) => r.actions).find((a) => a.tool === d.checkpoint);
  return { actions: other ? [other] : [], ownRun: false };
}

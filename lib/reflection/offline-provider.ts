import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import { Bm25Index } from '@/lib/retrieval/bm25';
import { skillCardSearchText } from '@/lib/retrieval/bm25-skill-cards';
import type { AlignedStep, ContrastPacket, PacketDiagnosis, PacketDivergence } from './packet';
import type { CuratorPatch } from './curator-schema';
import { evaluatorWording } from './evaluator-wording';
import {
  call,
  clip,
  decisionTags,
  describeValues,
  differingKeys,
  firstClause,
  fnOf,
  human,
  observableCompletion,
} from './offline-wording';
import { isStateChanging } from './tool-effects';

/**
 * The deterministic, rule-based provider used when no LLM endpoint is
 * configured. It only rearranges what the packet already says: a diagnosis's
 * corrective rule becomes the core rule, its anchored span the functions used
 * and failure contrast, a passing run's step at the divergence the success
 * contrast. The UI labels its output "rule-based".
 */
export const OFFLINE_MODEL = 'rule-based';
/** The model an offline run is stored under (what the runs list and release recipes show). */
export const OFFLINE_MODEL_LABEL = 'rule-based (offline)';

export const OFFLINE_THRESHOLDS = { duplicate: 0.75, close: 0.3 };
/** Stored as the run's prompt version: bump when the rules or thresholds change. */
export const OFFLINE_PIPELINE_VERSION = 'rule-based@5';

/**
 * The deltas, and for each the packet diagnoses (by index) it was built from: the one it restates
 * and those it stood in for (the same corrective text and category).
 */
export function offlineReflect(packet: ContrastPacket): { deltas: unknown[]; sources: number[][] } {
  const byKey = new Map<string, PacketDiagnosis[]>();
  // Several failed checkpoints of one run often share one diagnosis text: one rule each.
  const key = (d: PacketDiagnosis) => `${d.what_should_have_happened.trim().toLowerCase()}|${d.category}`;
  for (const d of packet.diagnoses) {
    if (!d.what_should_have_happened.trim()) continue;
    byKey.set(key(d), [...(byKey.get(key(d)) ?? []), d]);
  }
  const picked = [...byKey.values()].slice(0, 3);
  if (picked.length)
    return {
      deltas: picked.map((ds) => deltaFromDiagnosis(packet, ds[0])),
      sources: picked.map((ds) => ds.map((d) => d.index)),
    };
  // No usable diagnosis (the run did not require one): fall back to where the runs diverged.
  const byStep = new Map<string, PacketDivergence>();
  for (const v of packet.divergences)
    if (v.passing_action && !byStep.has(v.passing_action.tool)) byStep.set(v.passing_action.tool, v);
  const deltas = [...byStep.values()].slice(0, 3).map((v) => deltaFromDivergence(packet, v));
  return { deltas, sources: deltas.map(() => []) };
}

/** A weaker, diagnosis-free rule: do what the passing run did at the first point a failing run departed. */
function deltaFromDivergence(packet: ContrastPacket, v: PacketDivergence): SkillCardContent {
  const pass = v.passing_action!;
  const fail = v.failing_action;
  if (fail && fail.tool === pass.tool) return argumentDelta(packet, pass, fail);
  const fnName = human(fnOf(pass.tool));
  return {
    title: clip(fail ? `Call ${fnName} here, not ${human(fnOf(fail.tool))}` : `Call ${fnName} before finishing`, 120),
    applies_when: clip(
      `The task reaches the step where a passing run called ${pass.tool}${fail ? ` and a failing run called ${fail.tool} instead` : ''}`,
      400,
    ),
    solves: clip(
      fail ? `Calling ${fail.tool} where ${pass.tool} was needed` : `Stopping before calling ${pass.tool}`,
      400,
    ),
    tags: decisionTags([pass.tool, ...(fail ? [fail.tool] : [])], [], packet.task.apps),
    skill: {
      core_rule: clip(
        `At this point call ${pass.tool}${fail ? ` rather than ${fail.tool}` : ' before finishing'}, as the passing run did`,
        400,
      ),
      completion_condition: [clip(observableCompletion(pass.tool, []), 300)],
      success_contrast: [clip(`A passing run called ${pass.tool} at this point`, 300)],
      failure_contrast: [
        clip(
          fail ? `A failing run called ${fail.tool} instead` : `A failing run stopped without calling ${pass.tool}`,
          300,
        ),
      ],
      recovery: [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [],
      state_transition: [],
      good_examples: [call(pass.tool, pass.arguments)],
      bad_examples: fail ? [call(fail.tool, fail.arguments)] : [],
    },
    functions_used: [...new Set([pass.tool, ...(fail ? [fail.tool] : [])])],
  };
}

/** Both runs called the same function at the divergence: the lesson is about its arguments, not which call to make. */
function argumentDelta(
  packet: ContrastPacket,
  pass: { tool: string; arguments: unknown },
  fail: { tool: string; arguments: unknown },
): SkillCardContent {
  const fnName = human(fnOf(pass.tool));
  const differing = differingKeys(pass.arguments, fail.arguments);
  // De-identified values can look alike (<ID> vs <ID>): then only "the arguments" is known to differ.
  // Argument names read as words ("total baggages"), as in the title.
  const what = differing.length ? clip(human(differing.join(', ')), 120) : 'arguments';
  return {
    title: clip(
      differing.length
        ? `Set ${human(differing.join(', '))} in ${fnName} to what the user asked`
        : `Check the arguments of ${fnName} before calling it`,
      120,
    ),
    applies_when: clip(
      `The task reaches the call of ${pass.tool}, where the passing and failing runs differ in the ${what} they passed`,
      400,
    ),
    solves: clip(`Calling ${pass.tool} with the wrong ${what}`, 400),
    tags: decisionTags([pass.tool], differing, packet.task.apps),
    skill: {
      core_rule: clip(
        `Before calling ${pass.tool}, take the ${what} from what the user asked and the latest observations, as the passing run did`,
        400,
      ),
      completion_condition: [clip(observableCompletion(pass.tool, differing), 300)],
      success_contrast: [
        clip(
          differing.length
            ? `A passing run called ${pass.tool} with ${describeValues(pass.arguments, differing)}`
            : `A passing run called ${pass.tool} with ${what} that matched the task`,
          300,
        ),
      ],
      failure_contrast: [
        clip(
          differing.length
            ? `A failing run called ${pass.tool} with ${describeValues(fail.arguments, differing)}`
            : `A failing run called ${pass.tool} with different ${what}`,
          300,
        ),
      ],
      recovery: [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [],
      state_transition: [],
      good_examples: [call(pass.tool, pass.arguments)],
      bad_examples: [call(fail.tool, fail.arguments)],
    },
    functions_used: [pass.tool],
  };
}

function deltaFromDiagnosis(packet: ContrastPacket, d: PacketDiagnosis): SkillCardContent {
  const anchored = anchoredActions(packet, d);
  const contrast = alignedContrast(packet, d, anchored);
  const spanTools = [...new Set(anchored.actions.map((a) => a.tool))];
  // The card is about the call the annotator pointed at; the contrast only supplies its examples.
  const focus =
    (anchored.ownRun ? (anchored.actions.find((a) => isStateChanging(a.tool))?.tool ?? spanTools[0]) : undefined) ??
    contrast.failTool ??
    contrast.passTool;
  const fns = [
    ...new Set([
      ...spanTools,
      ...(contrast.passTool ? [contrast.passTool] : []),
      ...(contrast.failTool ? [contrast.failTool] : []),
    ]),
  ];
  // Verifier descriptions that spell out an expected call are scenario detail, not a trigger.
  const desc = d.checkpoint_description;
  // Evaluator boilerplate ("db_check: …", "judged by an LLM") is judge prose, not a trigger either.
  const plainDesc =
    desc &&
    desc.length <= 160 &&
    !desc.includes('(') &&
    findPrivacyIssues(desc).length === 0 &&
    evaluatorWording(desc).length === 0
      ? desc
      : null;
  const trigger =
    plainDesc ?? (focus ? `the task reaches the call of ${focus}` : `the task reaches the step "${d.checkpoint}"`);
  const keys = contrast.keys;
  return {
    title: clip(decisionTitle(d, contrast, focus), 120),
    // A checkpoint description is often a past-tense verdict ("Confirmed the cabin…"): quoted, it reads as what is checked.
    applies_when: clip(
      `${plainDesc ? `The task checks "${trigger.replace(/[.\s]+$/, '')}"` : trigger[0].toUpperCase() + trigger.slice(1)}${spanTools.length ? ` (calls such as ${spanTools.join(', ')})` : ''}`,
      400,
    ),
    solves: clip(
      d.what_went_wrong ||
        (focus
          ? `Calling ${focus} in a way that does not do what the user asked`
          : 'Finishing without doing what the user asked'),
      400,
    ),
    tags: decisionTags(fns, keys, packet.task.apps),
    skill: {
      core_rule: clip(d.what_should_have_happened, 400),
      completion_condition: [clip(observableCompletion(focus ?? null, keys), 300)],
      success_contrast: contrast.success,
      failure_contrast: uniq([
        ...(d.what_went_wrong ? [clip(`A failing run: ${d.what_went_wrong}`, 300)] : []),
        ...contrast.failure,
      ]).slice(0, 3),
      recovery: packet.all_failed
        ? [clip(`If the wrong action already happened, correct it: ${d.what_should_have_happened}`, 300)]
        : [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [clip(`The run failed at "${d.checkpoint}" after this step (${d.category})`, 400)],
      state_transition: [],
      good_examples: contrast.good,
      bad_examples: contrast.bad,
    },
    functions_used: fns,
  };
}

type Contrast = {
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
function alignedContrast(
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

/** Titles name the decision the card is about, not the failure category. */
function decisionTitle(d: PacketDiagnosis, c: Contrast, focus: string | undefined | null): string {
  if (c.passTool && c.failTool && c.passTool !== c.failTool)
    return `Call ${human(fnOf(c.passTool))} instead of ${human(fnOf(c.failTool))} at this point`;
  const fn = focus ? human(fnOf(focus)) : null;
  if (fn && c.keys.length) return `Set ${human(c.keys.join(', '))} in ${fn} to what the user asked`;
  const clause = firstClause(d.what_should_have_happened);
  if (fn)
    return clause
      ? `${fn[0].toUpperCase()}${fn.slice(1)}: ${clause[0].toLowerCase()}${clause.slice(1)}`
      : `Decide how to call ${fn}`;
  return clause || `Handle the step "${d.checkpoint}"`;
}

function uniq(xs: string[]): string[] {
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
function anchoredActions(
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

export type CuratorCandidate = { key: string; content: SkillCardContent };

/**
 * Curation by BM25 similarity: a near-duplicate is a NOOP, a close card is
 * patched with the delta's new list items, anything else is added.
 */
export function offlineCurate(deltaIndex: number, delta: SkillCardContent, all: CuratorCandidate[]): CuratorPatch {
  const base = { delta_index: deltaIndex, target_card_ids: [] as string[] };
  if (all.length === 0)
    return {
      ...base,
      operation: 'ADD_CARD',
      target_card_id: null,
      new_or_updated_card: delta,
      reason: 'The bank has no card for this ability yet',
    };
  // Rule-based deltas share their wording; only a card about the same functions can state the same rule.
  const fns = new Set(delta.functions_used);
  const candidates = all.filter(
    (c) =>
      (fns.size === 0 && c.content.functions_used.length === 0) || c.content.functions_used.some((f) => fns.has(f)),
  );
  if (candidates.length === 0) {
    return {
      ...base,
      operation: 'ADD_CARD',
      target_card_id: null,
      new_or_updated_card: delta,
      reason: `No card of this bank is about ${delta.functions_used.join(', ') || 'these steps'}`,
    };
  }
  const index = new Bm25Index(candidates.map((c) => ({ item: c, text: skillCardSearchText(c.content) })));
  const [best] = index.similarity(skillCardSearchText(delta));
  const sim = best.score.toFixed(2);
  // Similarity compares the rule's wording only (title, trigger, tags, rule), not the contrast and evidence
  // lists: a near-duplicate that still brings list items the card lacks is a PATCH, or they would be lost
  // (a re-curated stale PATCH against a card since reworded like its delta became a no-op). NOOP = nothing new.
  const patched = best.score >= OFFLINE_THRESHOLDS.close ? mergeLists(best.item.content, delta) : null;
  if (best.score >= OFFLINE_THRESHOLDS.duplicate && !patched) {
    return {
      ...base,
      operation: 'NOOP',
      target_card_id: best.item.key,
      new_or_updated_card: null,
      reason: `Near-duplicate of ${best.item.key} (BM25 similarity ${sim})`,
    };
  }
  if (best.score >= OFFLINE_THRESHOLDS.close) {
    if (!patched) {
      return {
        ...base,
        operation: 'NOOP',
        target_card_id: best.item.key,
        new_or_updated_card: null,
        reason: `Close to ${best.item.key} (similarity ${sim}) and adds nothing new`,
      };
    }
    return {
      ...base,
      operation: 'PATCH_CARD',
      target_card_id: best.item.key,
      target_card_ids: [best.item.key],
      new_or_updated_card: patched,
      reason: `Close to ${best.item.key} (BM25 similarity ${sim}); adds the delta's contrast and evidence without changing its scope`,
    };
  }
  return {
    ...base,
    operation: 'ADD_CARD',
    target_card_id: null,
    new_or_updated_card: delta,
    reason: `No close card (best ${best.item.key} at BM25 similarity ${sim})`,
  };
}

/** The target card plus the delta's list items it lacks; null when nothing is new. */
function mergeLists(card: SkillCardContent, delta: SkillCardContent): SkillCardContent | null {
  let added = 0;
  const union = (a: string[], b: string[], cap = 8) => {
    const seen = new Set(a.map((x) => x.trim().toLowerCase()));
    const out = [...a];
    for (const x of b)
      if (!seen.has(x.trim().toLowerCase()) && out.length < cap) {
        out.push(x);
        seen.add(x.trim().toLowerCase());
        added++;
      }
    return out;
  };
  const next: SkillCardContent = {
    ...card,
    skill: {
      ...card.skill,
      completion_condition: union(card.skill.completion_condition, delta.skill.completion_condition),
      success_contrast: union(card.skill.success_contrast, delta.skill.success_contrast),
      failure_contrast: union(card.skill.failure_contrast, delta.skill.failure_contrast),
      recovery: union(card.skill.recovery, delta.skill.recovery),
      efficiency: union(card.skill.efficiency, delta.skill.efficiency),
    },
    evidence: {
      observed_feedback: union(card.evidence.observed_feedback, delta.evidence.observed_feedback),
      state_transition: union(card.evidence.state_transition, delta.evidence.state_transition),
      good_examples: union(card.evidence.good_examples, delta.evidence.good_examples),
      bad_examples: union(card.evidence.bad_examples, delta.evidence.bad_examples),
    },
  };
  const fnsBefore = card.functions_used.length;
  next.functions_used = [...new Set([...card.functions_used, ...delta.functions_used])];
  return added > 0 || next.functions_used.length > fnsBefore ? next : null;
}

import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { canonicalJson } from '@/lib/contrast/tool-step';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import { Bm25Index } from '@/lib/retrieval/bm25';
import { skillCardSearchText } from '@/lib/retrieval/bm25-skill-cards';
import type { ContrastPacket, PacketDiagnosis, PacketDivergence } from './packet';
import type { CuratorPatch } from './curator-schema';

/**
 * The deterministic, rule-based provider used when no LLM endpoint is
 * configured. It only rearranges what the packet already says: a diagnosis's
 * corrective rule becomes the core rule, its anchored span the functions used
 * and failure contrast, a passing run's step at the divergence the success
 * contrast. The UI labels its output "rule-based".
 */
export const OFFLINE_MODEL = 'rule-based';

export const OFFLINE_THRESHOLDS = { duplicate: 0.75, close: 0.3 };
/** Stored as the run's prompt version: bump when the rules or thresholds change. */
export const OFFLINE_PIPELINE_VERSION = 'rule-based@3';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const human = (name: string) => name.replace(/[_-]+/g, ' ').trim();
const call = (tool: string, args: unknown) => clip(`${tool}(${JSON.stringify(args ?? {})})`, 380);

export function offlineReflect(packet: ContrastPacket): { deltas: unknown[] } {
  const seen = new Set<string>();
  const picked: PacketDiagnosis[] = [];
  for (const d of packet.diagnoses) {
    // Several failed checkpoints of one run often share one diagnosis text: one rule each.
    const key = `${d.what_should_have_happened.trim().toLowerCase()}|${d.category}`;
    if (!d.what_should_have_happened.trim() || seen.has(key)) continue;
    seen.add(key);
    picked.push(d);
    if (picked.length === 3) break;
  }
  if (picked.length) return { deltas: picked.map((d) => deltaFromDiagnosis(packet, d)) };
  // No usable diagnosis (the run did not require one): fall back to where the runs diverged.
  const byStep = new Map<string, PacketDivergence>();
  for (const v of packet.divergences) if (v.passing_action && !byStep.has(v.passing_action.tool)) byStep.set(v.passing_action.tool, v);
  return { deltas: [...byStep.values()].slice(0, 3).map((v) => deltaFromDivergence(packet, v)) };
}

/** A weaker, diagnosis-free rule: do what the passing run did at the first point a failing run departed. */
function deltaFromDivergence(packet: ContrastPacket, v: PacketDivergence): SkillCardContent {
  const pass = v.passing_action!;
  const fail = v.failing_action;
  if (fail && fail.tool === pass.tool) return argumentDelta(packet, pass, fail);
  const fnName = human(pass.tool.slice(pass.tool.indexOf('.') + 1));
  const tags = [...new Set([...words(pass.tool), ...(fail ? words(fail.tool) : []), ...packet.task.apps.map((a) => a.toLowerCase())])].slice(0, 8);
  while (tags.length < 3) tags.push(['ordering', 'contrast', 'procedure'][tags.length]);
  return {
    title: clip(`Call ${fnName} at the point where runs diverge`, 120),
    applies_when: clip(`The task reaches the step where a passing run called ${pass.tool}${fail ? ` and a failing run called ${fail.tool} instead` : ''}`, 400),
    solves: clip(fail ? `Calling ${fail.tool} where ${pass.tool} was needed` : `Stopping before calling ${pass.tool}`, 400),
    tags,
    skill: {
      core_rule: clip(`At this point call ${pass.tool}${fail ? ` rather than ${fail.tool}` : ' before finishing'}, as the passing run did`, 400),
      completion_condition: [clip(`${pass.tool} was called with the arguments the task needs`, 300)],
      success_contrast: [clip(`A passing run called ${pass.tool} at this point`, 300)],
      failure_contrast: [clip(fail ? `A failing run called ${fail.tool} instead` : `A failing run stopped without calling ${pass.tool}`, 300)],
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
function argumentDelta(packet: ContrastPacket, pass: { tool: string; arguments: unknown }, fail: { tool: string; arguments: unknown }): SkillCardContent {
  const fnName = human(pass.tool.slice(pass.tool.indexOf('.') + 1));
  const a = (pass.arguments ?? {}) as Record<string, unknown>;
  const b = (fail.arguments ?? {}) as Record<string, unknown>;
  const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null)).sort();
  // De-identified values can look alike (<ID> vs <ID>): then only "the arguments" is known to differ.
  const what = differing.length ? `values for ${clip(differing.join(', '), 120)}` : 'argument values';
  const tags = [...new Set([...words(pass.tool), ...differing.flatMap((k) => words(k)), ...packet.task.apps.map((x) => x.toLowerCase())])].slice(0, 8);
  while (tags.length < 3) tags.push(['arguments', 'contrast', 'procedure'][tags.length]);
  return {
    title: clip(`Check the arguments of ${fnName} before calling it`, 120),
    applies_when: clip(`The task reaches the call of ${pass.tool}, where passing and failing runs passed different ${what}`, 400),
    solves: clip(`Calling ${pass.tool} with the wrong ${what}`, 400),
    tags,
    skill: {
      core_rule: clip(`Before calling ${pass.tool}, take ${what} from what the task asks and the latest observations, as the passing run did`, 400),
      completion_condition: [clip(`${pass.tool} was called with ${what} matching what the task asks`, 300)],
      success_contrast: [clip(`A passing run called ${pass.tool} with ${what} that matched the task`, 300)],
      failure_contrast: [clip(`A failing run called ${pass.tool} with different ${what}`, 300)],
      recovery: [],
      efficiency: [],
    },
    evidence: { observed_feedback: [], state_transition: [], good_examples: [call(pass.tool, pass.arguments)], bad_examples: [call(fail.tool, fail.arguments)] },
    functions_used: [pass.tool],
  };
}

function deltaFromDiagnosis(packet: ContrastPacket, d: PacketDiagnosis): SkillCardContent {
  const anchored = anchoredActions(packet, d);
  const spanTools = [...new Set(anchored.actions.map((a) => a.tool))];
  const div = packet.divergences.find((x) => x.failing_run === d.run);
  const passStep = packet.all_failed ? null : (div?.passing_action ?? null);
  const fns = [...new Set([...spanTools, ...(passStep ? [passStep.tool] : [])])];
  // Verifier descriptions that spell out an expected call are scenario detail, not a trigger.
  const desc = d.checkpoint_description;
  // Evaluator boilerplate ("db_check: …", "judged by an LLM") is judge prose, not a trigger either.
  const plainDesc = desc && desc.length <= 160 && !desc.includes('(') && findPrivacyIssues(desc).length === 0 ? desc : null;
  const stepName = human(d.checkpoint.replace(/^[\w-]+\./, ''));
  const trigger = plainDesc ?? `the ${stepName} step`;
  const tags = [...new Set([...words(d.category), ...words(d.checkpoint), ...fns.flatMap((f) => words(f)), ...packet.task.apps.map((a) => a.toLowerCase())])]
    .filter((t) => /^[a-z0-9][a-z0-9 _-]*$/.test(t))
    .slice(0, 8);
  while (tags.length < 3) tags.push(['procedure', 'checkpoint', 'recovery'][tags.length]);
  return {
    title: clip(`${d.category}: ${stepName}`, 120),
    applies_when: clip(`The task requires: ${trigger}${spanTools.length ? ` (calls such as ${spanTools.join(', ')})` : ''}`, 400),
    solves: clip(d.what_went_wrong || `Failing the ${stepName} step`, 400),
    tags,
    skill: {
      core_rule: clip(d.what_should_have_happened, 400),
      completion_condition: [clip(plainDesc ? `The ${stepName} step holds: ${plainDesc}` : `The ${stepName} check passes`, 300)],
      success_contrast: passStep ? [clip(`A passing run called ${passStep.tool} at this point`, 300)] : [],
      failure_contrast: d.what_went_wrong ? [clip(`A failing run: ${d.what_went_wrong}`, 300)] : [],
      recovery: packet.all_failed ? [clip(`If the wrong action already happened, correct it: ${d.what_should_have_happened}`, 300)] : [],
      efficiency: [],
    },
    evidence: {
      observed_feedback: [clip(`The ${stepName} check failed (${d.category})`, 400)],
      state_transition: [],
      good_examples: passStep ? [call(passStep.tool, passStep.arguments)] : [],
      // Only calls the diagnosed run made are bad examples; a call borrowed from another run only names the function.
      bad_examples: anchored.ownRun ? anchored.actions.slice(0, 3).map((a) => call(a.tool, a.arguments)) : [],
    },
    functions_used: fns,
  };
}

/**
 * The calls a diagnosis points at: those in its span; else the run's last call
 * at or before the span (annotators often anchor on the message after it);
 * else the checkpoint's own tool when the checkpoint is named after one.
 */
function anchoredActions(packet: ContrastPacket, d: PacketDiagnosis): { actions: { tool: string; arguments: unknown }[]; ownRun: boolean } {
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

function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !['the', 'and', 'for', 'with', 'wrong', 'other'].includes(w));
}

export type CuratorCandidate = { key: string; content: SkillCardContent };

/**
 * Curation by BM25 similarity: a near-duplicate is a NOOP, a close card is
 * patched with the delta's new list items, anything else is added.
 */
export function offlineCurate(deltaIndex: number, delta: SkillCardContent, all: CuratorCandidate[]): CuratorPatch {
  const base = { delta_index: deltaIndex, target_card_ids: [] as string[] };
  if (all.length === 0) return { ...base, operation: 'ADD_CARD', target_card_id: null, new_or_updated_card: delta, reason: 'The bank has no card for this ability yet' };
  // Rule-based deltas share their wording; only a card about the same functions can state the same rule.
  const fns = new Set(delta.functions_used);
  const candidates = all.filter((c) => (fns.size === 0 && c.content.functions_used.length === 0) || c.content.functions_used.some((f) => fns.has(f)));
  if (candidates.length === 0) {
    return { ...base, operation: 'ADD_CARD', target_card_id: null, new_or_updated_card: delta, reason: `No card of this bank is about ${delta.functions_used.join(', ') || 'these steps'}` };
  }
  const index = new Bm25Index(candidates.map((c) => ({ item: c, text: skillCardSearchText(c.content) })));
  const [best] = index.similarity(skillCardSearchText(delta));
  const sim = best.score.toFixed(2);
  if (best.score >= OFFLINE_THRESHOLDS.duplicate) {
    return { ...base, operation: 'NOOP', target_card_id: best.item.key, new_or_updated_card: null, reason: `Near-duplicate of ${best.item.key} (BM25 similarity ${sim})` };
  }
  if (best.score >= OFFLINE_THRESHOLDS.close) {
    const patched = mergeLists(best.item.content, delta);
    if (!patched) {
      return { ...base, operation: 'NOOP', target_card_id: best.item.key, new_or_updated_card: null, reason: `Close to ${best.item.key} (similarity ${sim}) and adds nothing new` };
    }
    return { ...base, operation: 'PATCH_CARD', target_card_id: best.item.key, target_card_ids: [best.item.key], new_or_updated_card: patched, reason: `Close to ${best.item.key} (BM25 similarity ${sim}); adds the delta's contrast and evidence without changing its scope` };
  }
  return { ...base, operation: 'ADD_CARD', target_card_id: null, new_or_updated_card: delta, reason: `No close card (best ${best.item.key} at BM25 similarity ${sim})` };
}

/** The target card plus the delta's list items it lacks; null when nothing is new. */
function mergeLists(card: SkillCardContent, delta: SkillCardContent): SkillCardContent | null {
  let added = 0;
  const union = (a: string[], b: string[], cap = 8) => {
    const seen = new Set(a.map((x) => x.trim().toLowerCase()));
    const out = [...a];
    for (const x of b) if (!seen.has(x.trim().toLowerCase()) && out.length < cap) { out.push(x); seen.add(x.trim().toLowerCase()); added++; }
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

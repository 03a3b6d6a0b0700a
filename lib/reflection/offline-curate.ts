import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { Bm25Index } from '@/lib/retrieval/bm25';
import { skillCardSearchText } from '@/lib/retrieval/bm25-skill-cards';
import { SITUATION_FLOOR, situationSimilarity } from './curation-flaws';
import type { CuratorPatch } from './curator-schema';

export const OFFLINE_THRESHOLDS = { duplicate: 0.75, close: 0.3 };

export type CuratorCandidate = { key: string; content: SkillCardContent };

/**
 * Curation by BM25 similarity: a near-duplicate is a NOOP, a close card is
 * patched with the delta's new list items, anything else is added. Wording
 * alone is not enough to edit a card: the delta must also be about the same
 * situation (title, trigger and tags share at least SITUATION_FLOOR of their
 * words), or a payment failure ends up patched into a card about counting
 * reservations because both say "reservation". The reason names both figures.
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
  const same = situationSimilarity(delta, best.item.content);
  if (best.score >= OFFLINE_THRESHOLDS.close && same.score < SITUATION_FLOOR) {
    return {
      ...base,
      operation: 'ADD_CARD',
      target_card_id: null,
      new_or_updated_card: delta,
      reason: `The closest card ${best.item.key} (BM25 similarity ${sim}) is about another situation: they share ${pctOf(same.score)} of their situation words, below the ${pctOf(SITUATION_FLOOR)} needed to edit it`,
    };
  }
  const situationNote = `same situation: ${pctOf(same.score)} of its words shared${same.shared.length ? `, e.g. ${same.shared.slice(0, 4).join(', ')}` : ''}`;
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
      reason: `Near-duplicate of ${best.item.key} (BM25 similarity ${sim}; ${situationNote})`,
    };
  }
  if (best.score >= OFFLINE_THRESHOLDS.close) {
    if (!patched) {
      return {
        ...base,
        operation: 'NOOP',
        target_card_id: best.item.key,
        new_or_updated_card: null,
        reason: `Close to ${best.item.key} (similarity ${sim}; ${situationNote}) and adds nothing new`,
      };
    }
    return {
      ...base,
      operation: 'PATCH_CARD',
      target_card_id: best.item.key,
      target_card_ids: [best.item.key],
      new_or_updated_card: patched,
      reason: `Close to ${best.item.key} (BM25 similarity ${sim}; ${situationNote}); adds the delta's contrast and evidence without changing its scope`,
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

const pctOf = (x: number) => `${Math.round(x * 100)}%`;

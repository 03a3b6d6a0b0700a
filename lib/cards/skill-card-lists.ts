import type { SkillCardContent } from './card-schemas';

type ListPath = [path: string, items: string[]];

const RULE_LISTS = ['completion_condition', 'success_contrast', 'failure_contrast', 'recovery', 'efficiency'] as const;
const EVIDENCE_LISTS = ['observed_feedback', 'state_transition', 'good_examples', 'bad_examples'] as const;

/** The lists of a skill card's rule with their paths (`skill.recovery`), in card order; validators name issues by these paths. */
export function ruleLists(card: SkillCardContent): ListPath[] {
  return RULE_LISTS.map((k) => [`skill.${k}`, card.skill[k]]);
}

/** The evidence lists of a skill card with their paths (`evidence.good_examples`), in card order. */
export function evidenceLists(card: SkillCardContent): ListPath[] {
  return EVIDENCE_LISTS.map((k) => [`evidence.${k}`, card.evidence[k]]);
}

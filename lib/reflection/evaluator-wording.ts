import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { ruleLists } from '@/lib/cards/skill-card-lists';

/**
 * Evaluator wording: a card's runtime text is read by the agent at run time,
 * when no checkpoint, grader or reward exists. "The update check passes" is a
 * verdict only the benchmark can see; the card must name state the agent can
 * observe ("the returned reservation shows …").
 */
const EVALUATOR_PATTERNS: RegExp[] = [
  /\b(?:check|checkpoint|assertion|test|evaluation|verification|verifier)s?\s+(?:is\s+|are\s+)?(?:pass(?:es|ed)?|fail(?:s|ed)?|succeed(?:s|ed)?|holds?|met)\b/i,
  /\b(?:pass(?:es|ed|ing)?|fail(?:s|ed|ing)?|satisf(?:y|ies|ied))\s+(?:the\s+|this\s+|its\s+|every\s+)?(?:\w+\s+){0,2}(?:checks?|checkpoints?|tests?|evaluations?|assertions?)\b/i,
  /\bcheckpoints?\b/i,
  /\b(?:evaluator|grader|scorer|judge)s?\b/i,
  /\b(?:graded|judged|evaluated|scored)\b/i,
  /\breward\b/i,
  /\b(?:db_check|nl_assertions?|env_assertions?|action_checks?|r_actions|r_outputs)\b/i,
  /\bgold(?:en)?\s+(?:database|db|answer|actions?|trajectory|solution|state)\b/i,
  /\b(?:expected|reference)\s+(?:actions?|database|db|tool calls?)\b/i,
  /\bground[- ]truth\b/i,
  /\bmarked\s+(?:as\s+)?(?:correct|incorrect|passed|failed|successful)\b/i,
  /\b(?:the\s+)?benchmark\b/i,
  /\bsimulat(?:ed|or)\s+user\b|\buser\s+simulator\b/i,
  /\b(?:task|run|trajectory)\s+(?:is\s+|was\s+)?(?:counted|considered)\s+(?:as\s+)?(?:passed|failed|successful|a success|a failure)\b/i,
];

/** The evaluator phrases in `text` (empty when it only states observable behaviour). */
export function evaluatorWording(text: string): string[] {
  const found: string[] = [];
  for (const re of EVALUATOR_PATTERNS) {
    const m = text.match(re);
    if (m) found.push(m[0]);
  }
  return [...new Set(found)];
}

/** The fields the agent reads at run time (docs/architecture.md "Retrieval and rendering"), with their paths. */
export function runtimeFields(card: SkillCardContent): { path: string; text: string }[] {
  const lists: [string, string[]][] = [
    ...ruleLists(card),
    ['skill.procedure_sketch', card.skill.procedure_sketch ?? []],
  ];
  return [
    { path: 'title', text: card.title },
    { path: 'applies_when', text: card.applies_when },
    { path: 'solves', text: card.solves },
    { path: 'skill.core_rule', text: card.skill.core_rule },
    ...lists.flatMap(([path, items]) => items.map((text, i) => ({ path: `${path}[${i}]`, text }))),
  ];
}

import type { BankCard } from '@/lib/retrieval/bank-card';
import { functionContent, skillContent } from './card-content';

// Self-written banks: each test builds the few cards that isolate one ranking rule.
export type SkillText = { title: string; applies_when?: string; tags?: string[]; core_rule?: string };
let n = 0;
export function skill(ability: string, t: SkillText, apps: string[] = []): BankCard {
  const content = skillContent({
    title: t.title,
    applies_when: t.applies_when ?? 'The situation described in the title arises',
    solves: 'A recurring mistake',
    tags: t.tags ?? ['general'],
    skill: {
      core_rule: t.core_rule ?? 'Follow the documented procedure',
      completion_condition: ['The state matches the request'],
      failure_contrast: [],
    },
  });
  n++;
  const key = `skill::s${String(n).padStart(4, '0')}`;
  return { kind: 'SKILL', cardId: key, key, ability, apps, versionId: `v${n}`, versionNumber: 1, content };
}
export function fn(tool: string, what: string): BankCard {
  const [app] = tool.split('.');
  const content = functionContent(tool, {
    what_it_does: what,
    usage_rules: ['Read the current state first'],
    common_mistakes: [],
  });
  n++;
  return {
    kind: 'FUNCTION',
    cardId: `f${n}`,
    key: `function::${tool}`,
    ability: null,
    apps: [app],
    versionId: `v${n}`,
    versionNumber: 1,
    content,
  };
}
export const keys = (r: { card: BankCard }[]) => r.map((x) => x.card.key);
/** Unrelated cards so a bank has a realistic document frequency spread. */
export const padding = (ability: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    skill(ability, { title: `Unrelated routine ${i}`, tags: [`topic${i}`], core_rule: `Handle topic${i} carefully` }),
  );

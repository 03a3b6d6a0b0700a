import type { BankCard } from '@/lib/retrieval/bank-card';

/**
 * The synthetic bank of `npm run bench:retrieval`: 10,000 skill cards in 5
 * banks + 500 function cards over a skewed 3,000-word vocabulary, and 200
 * task queries of 25 words. Deterministic (seeded), so runs are comparable.
 */
export const BANKS = ['mail', 'travel', 'retail', 'calendar', 'files'];
export const SKILLS = 10_000;
export const FUNCTIONS = 500;

// A deterministic vocabulary so runs are comparable (no Math.random).
const VOCAB = Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}`);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const words = (n: number) => Array.from({ length: n }, () => VOCAB[Math.floor(rnd() ** 2 * VOCAB.length)]).join(' ');

export function syntheticBank(): BankCard[] {
  const cards: BankCard[] = [];
  for (let i = 0; i < SKILLS; i++) {
    const bank = BANKS[i % BANKS.length];
    cards.push({
      kind: 'SKILL',
      cardId: `s${i}`,
      key: `skill::skill_${i.toString(16).padStart(6, '0')}`,
      ability: bank,
      apps: [bank, ...(i % 3 ? [] : ['contacts'])],
      versionId: `sv${i}`,
      versionNumber: 1,
      content: {
        title: `Rule ${words(4)}`,
        applies_when: `When ${words(12)}`,
        solves: words(8),
        tags: [words(1), words(1), words(1)].map((t) => t.toLowerCase()),
        skill: { core_rule: `If ${words(16)} then ${words(8)}`, completion_condition: [words(10)], success_contrast: [], failure_contrast: [words(10)], recovery: [words(10)], efficiency: [] },
        evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [] },
        functions_used: [],
      },
    });
  }
  for (let i = 0; i < FUNCTIONS; i++) {
    const app = BANKS[i % BANKS.length];
    const tool = `${app}.fn_${i}_${VOCAB[i]}`;
    cards.push({
      kind: 'FUNCTION',
      cardId: `f${i}`,
      key: `function::${tool}`,
      ability: null,
      apps: [app],
      versionId: `fv${i}`,
      versionNumber: 1,
      content: { tool, app, function: tool.split('.')[1], what_it_does: `Does ${words(12)}`, arguments: [], returns: 'An object', usage_rules: [words(10), words(10)], common_mistakes: [words(8)], side_effects: [] },
    });
  }
  return cards;
}

export const syntheticQueries = Array.from({ length: 200 }, (_, i) => ({ task: `Please ${words(25)}`, ability: BANKS[i % BANKS.length], apps: [BANKS[i % BANKS.length]], function: `${BANKS[i % 5]}.fn_${i}_${VOCAB[i]}` }));

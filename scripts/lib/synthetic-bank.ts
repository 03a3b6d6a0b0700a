import {
  functionCardKey,
  skillCardKey,
  type FunctionCardContent,
  type SkillCardContent,
} from '@/lib/cards/card-schemas';
import { validateFunctionCard } from '@/lib/reflection/function-cards';
import { validateDelta } from '@/lib/reflection/validate-card';
import type { BankCard } from '@/lib/retrieval/bank-card';

/**
 * The synthetic bank of `npm run bench:retrieval`: 10,000 skill cards in 5
 * banks + 500 function cards, and 200 task queries. The cards read like a
 * curated bank (titles, triggers, rules, contrasts, tools named `App.function`)
 * and pass the validation a proposal passes before a reviewer sees it, so a
 * bench database's bank looks like a real one in the UI and ranks like one
 * (random words would make BM25 and the screens unrepresentative). Deterministic
 * (seeded, no Math.random), so runs are comparable.
 */
export const BANKS = ['mail', 'travel', 'retail', 'calendar', 'files'];
export const SKILLS = 10_000;
export const FUNCTIONS = 500;

/** Per app: the things its tools act on. */
const NOUNS: Record<string, string[]> = {
  mail: ['message', 'draft', 'thread', 'label', 'attachment', 'folder', 'recipient', 'signature', 'filter', 'reply'],
  travel: ['booking', 'flight', 'passenger', 'seat', 'itinerary', 'fare', 'baggage', 'voucher', 'segment', 'refund'],
  retail: ['order', 'item', 'cart', 'address', 'payment', 'return', 'exchange', 'coupon', 'shipment', 'invoice'],
  calendar: ['event', 'invite', 'attendee', 'reminder', 'slot', 'room', 'series', 'timezone', 'agenda', 'availability'],
  files: ['document', 'folder', 'permission', 'revision', 'link', 'owner', 'comment', 'upload', 'share', 'trash'],
};
const VERBS = [
  'get',
  'list',
  'search',
  'create',
  'update',
  'delete',
  'cancel',
  'send',
  'move',
  'share',
  'archive',
  'restore',
  'export',
  'add',
  'remove',
];
const READS = new Set(['get', 'list', 'search', 'export']);
const WRITES = new Set(VERBS.filter((v) => !READS.has(v)));
const QUALIFIERS = [
  'on later pages',
  'after a failed write',
  'when two match',
  'before the last step',
  'with a stale id',
  'across time zones',
  'for a partial match',
  'when the user is vague',
  'after an empty result',
  'with several owners',
];
const CHECKS = [
  'the returned status',
  'a fresh read of the same record',
  'the count the user asked for',
  'the id from the latest list call',
  'the field the user named',
  'every page of the listing',
];
const PITFALLS = [
  'acted on the first match without comparing the others',
  'reused an id from an earlier turn',
  'stopped after the first page',
  'wrote before reading the current state',
  'answered before the write was confirmed',
  'changed a record the user did not name',
];
const RECOVERIES = [
  'list again and pick by the field the user named',
  'read the record again and retry once with the fresh id',
  'ask the user which one they meant',
  'undo the last write and confirm the target first',
];
const TRIGGERS = [
  'the user asks to {v} a {n} but names it only loosely',
  'a {n} lookup returns more than one candidate',
  'a {v} call on a {n} returns an error or nothing',
  'the task needs every {n} that matches, not just the first',
  'the user changes their mind about a {n} mid-task',
  'a {n} shown earlier may have changed since it was read',
];
const RULES = [
  'If several {n}s match, compare them on the field the user named before you {v} one',
  'Read the current {n} again right before you {v} it, then check the result',
  'Keep listing {n}s until no next page is left, then choose',
  'Confirm which {n} the user means before any {v} that cannot be undone',
  'After a {v} on a {n}, read it back and stop once it shows the requested change',
  'When a {n} call comes back empty twice, change the query instead of repeating it',
];

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const fill = (template: string, v: string, n: string) => template.replaceAll('{v}', v).replaceAll('{n}', n);
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

type Tool = { app: string; verb: string; noun: string; tool: string };

/** 500 distinct tools, 100 per app (two of every three verb × noun pairs, so every verb occurs). */
function tools(): Tool[] {
  const out: Tool[] = [];
  for (const app of BANKS)
    for (const verb of VERBS)
      for (const noun of NOUNS[app]) out.push({ app, verb, noun, tool: `${app}.${verb}_${noun}` });
  return BANKS.flatMap((app) =>
    out
      .filter((t) => t.app === app)
      .filter((_, i) => i % 3 !== 2)
      .slice(0, FUNCTIONS / BANKS.length),
  );
}

function functionContent(t: Tool): FunctionCardContent {
  const write = WRITES.has(t.verb);
  return {
    tool: t.tool,
    app: t.app,
    function: `${t.verb}_${t.noun}`,
    what_it_does: `${cap(t.verb)}s ${t.verb === 'list' || t.verb === 'search' ? `${t.noun}s` : `one ${t.noun}`} in ${t.app} and returns the ${t.noun} record${t.verb === 'list' ? 's with a next page marker' : ''}.`,
    arguments: [
      {
        name: `${t.noun}_id`,
        meaning: `Which ${t.noun} to act on`,
        value_form: `an id string taken from a list or search call`,
      },
      ...(t.verb === 'list' || t.verb === 'search'
        ? [{ name: 'page', meaning: 'Which page of results to return', value_form: 'an integer from 1' }]
        : []),
    ],
    returns: `A JSON object describing the ${t.noun}${write ? ' after the change' : ''}`,
    usage_rules: [
      `Take the ${t.noun} id from a fresh list or search call, never from memory`,
      write
        ? `Read the ${t.noun} back after the call to confirm the change`
        : `Read every page before choosing a ${t.noun}`,
    ],
    common_mistakes: [`Passing the ${t.noun} name where its id is expected`],
    side_effects: write ? [`Changes the stored ${t.noun}`] : [],
  };
}

function skillContent(bank: string, bankTools: string[]): SkillCardContent {
  const noun = pick(NOUNS[bank]);
  const verb = pick(VERBS);
  const qualifier = pick(QUALIFIERS);
  const tool = pick(bankTools);
  return {
    title: `${cap(verb)} the right ${noun} ${qualifier}`,
    applies_when: cap(fill(pick(TRIGGERS), verb, noun)),
    solves: `Acting on the wrong ${noun} or stopping too early ${qualifier}`,
    tags: [...new Set([noun, verb, bank, qualifier.split(' ').at(-1)!])],
    skill: {
      core_rule: fill(pick(RULES), verb, noun),
      completion_condition: [`${cap(pick(CHECKS))} shows the ${noun} the user asked for`],
      success_contrast: [`Compared the ${noun}s before acting`],
      failure_contrast: [`Failing runs ${pick(PITFALLS)}`],
      recovery: [cap(pick(RECOVERIES))],
      efficiency: [`One list call per page is enough; do not re-read a ${noun} that did not change`],
      procedure_sketch: [
        `List ${noun}s`,
        `Compare on the named field`,
        `${cap(verb)} the chosen ${noun}`,
        'Read it back',
      ],
    },
    evidence: {
      observed_feedback: [`The ${noun} the user named was not the one changed`],
      state_transition: [`${noun} before and after the ${verb}`],
      good_examples: [],
      bad_examples: [],
    },
    functions_used: [tool],
  };
}

export function syntheticBank(): BankCard[] {
  seed = 42;
  const fnTools = tools();
  const cards: BankCard[] = [];
  for (let i = 0; i < SKILLS; i++) {
    const bank = BANKS[i % BANKS.length];
    const content = skillContent(
      bank,
      fnTools.filter((t) => t.app === bank).map((t) => t.tool),
    );
    cards.push({
      kind: 'SKILL',
      cardId: `s${i}`,
      key: skillCardKey(i.toString(16).padStart(6, '0')),
      ability: bank,
      apps: [bank, ...(i % 3 ? [] : ['contacts'])],
      versionId: `sv${i}`,
      versionNumber: 1,
      content,
    });
  }
  fnTools.forEach((t, i) => {
    cards.push({
      kind: 'FUNCTION',
      cardId: `f${i}`,
      key: functionCardKey(t.tool),
      ability: null,
      apps: [t.app],
      versionId: `fv${i}`,
      versionNumber: 1,
      content: functionContent(t),
    });
  });
  return cards;
}

/**
 * Runs cards through the validators a proposal passes before a reviewer sees
 * it (schema, privacy, evidence: functions observed, wording) and throws on
 * the first failure: a seeded bank must be one a reviewer could have approved.
 * Slow (the privacy detectors take ~1–2 ms per distinct text, ~1 min for the
 * whole bank), so the bench runs it only when it seeds a database.
 */
export function validateSyntheticBank(cards: BankCard[], bank: BankCard[] = cards): void {
  // A skill card may name any tool of the bank (the function cards stand for the observed calls).
  const observedTools = bank.flatMap((c) => (c.kind === 'FUNCTION' ? [c.content.tool] : []));
  const ctx = { observedTools, allFailed: false, scenarioValues: [], forbiddenTerms: [] };
  for (const c of cards) {
    const issues =
      c.kind === 'SKILL'
        ? validateDelta(c.content, ctx).issues
        : validateFunctionCard(
            c.content,
            {
              tool: c.content.tool,
              app: c.content.app,
              function: c.content.function,
              calls: 1,
              trajectories: 1,
              arguments: c.content.arguments.map((a) => ({ name: a.name, calls: 1, forms: ['string'] })),
              returnShapes: [],
              emptyResults: 0,
              errors: { count: 0, examples: [] },
              stateChangingGuess: false,
            },
            ctx,
          ).issues;
    if (issues.length)
      throw new Error(
        `synthetic card ${c.key} fails validation: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      );
  }
}

/** Task instructions as users write them: a goal on one app's records, with a detail or two. */
export const syntheticQueries = Array.from({ length: 200 }, (_, i) => {
  seed = 1000 + i;
  const bank = BANKS[i % BANKS.length];
  const [n1, n2] = [pick(NOUNS[bank]), pick(NOUNS[bank])];
  const verb = pick(VERBS);
  return {
    task: `Hi, please ${verb} the ${n1} I mentioned yesterday ${pick(QUALIFIERS)}, then check the ${n2} and tell me what changed. If there are several, use the newest one.`,
    ability: bank,
    apps: [bank],
    function: pick(tools().filter((t) => t.app === bank)).tool,
  };
});

import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';

/**
 * The one deterministic renderer of runtime text (docs/architecture.md "Retrieval and
 * rendering" and "One of each"). The card page's runtime text,
 * the retrieval preview, `/api/retrieve` and the Markdown/wiki exports all call
 * it; nothing else formats a card for an agent. No LLM, no ids, no
 * provenance, no model names, no scores: only card content.
 *
 * Budgets are counted with a real BPE tokenizer (gpt-tokenizer, o200k_base —
 * the encoding of current OpenAI models; other models' tokenizers differ by a
 * few percent, which the caps leave room for).
 *
 * Trimming rule (documented, deterministic), applied until a card fits:
 *  skill card (≤ 140 tokens): drop Procedure, then Recovery, then Pitfall,
 *    then keep only the first "Done when" item, then cut core_rule word by word
 *    (ending in "…").
 *  function card (≤ 150 tokens): drop Known mistakes, then keep only the first
 *    usage rule, then cut what_it_does word by word.
 *  block (≤ 1,200 tokens): at most 3 skill and 2 function cards; while over the
 *    cap, drop the lowest-ranked function card, then the lowest-ranked skill card.
 */

export const SKILL_CARD_TOKEN_CAP = 140;
export const FUNCTION_CARD_TOKEN_CAP = 150;
export const BLOCK_TOKEN_CAP = 1200;
export const MAX_SKILL_CARDS = 3;
export const MAX_FUNCTION_CARDS = 2;

export const BLOCK_HEADER =
  'Procedural memory: soft guidance distilled from earlier runs on other tasks. It may not fit this task; use it only where it matches what you observe.';

export const MEMORY_USE_RULES: readonly string[] = [
  'Apply a memory only when its trigger matches what you observe now.',
  'Live observations and documentation win over memory.',
  'Never reuse concrete values stored in memory; read them fresh.',
  'Confirm write targets from fresh reads, and verify the state after the last write.',
  'Stop once the answer is determined.',
  'Change strategy after repeated empty reads.',
];

export function countTokens(text: string): number {
  return text ? countO200k(text) : 0;
}

export type SkillContentForRender = Pick<SkillCardContent, 'title' | 'skill'>;
export type FunctionContentForRender = Pick<
  FunctionCardContent,
  'tool' | 'what_it_does' | 'usage_rules' | 'common_mistakes'
> &
  Partial<Pick<FunctionCardContent, 'side_effects'>>;

/** Strips trailing sentence punctuation so segments can be joined with ". " without doubling it. */
function clause(s: string): string {
  return s.trim().replace(/[\s.;:,]+$/u, '');
}

function joinItems(items: readonly string[] | undefined): string {
  return (items ?? []).map(clause).filter(Boolean).join('; ');
}

function sentence(label: string | null, body: string): string {
  if (!body) return '';
  return `${label ? `${label}: ` : ''}${body}.`;
}

/** Cuts `text` word by word until `build(cut)` fits `cap` tokens. */
function cutToFit(text: string, cap: number, build: (cut: string) => string): string {
  const words = text.split(/\s+/).filter(Boolean);
  for (let n = words.length - 1; n > 0; n--) {
    const line = build(`${words.slice(0, n).join(' ')}…`);
    if (countTokens(line) <= cap) return line;
  }
  // Even the bare segment is too long (another segment is huge): cut the whole line.
  const whole = build('…').split(/\s+/);
  for (let n = whole.length - 1; n > 0; n--) {
    const line = `${whole.slice(0, n).join(' ')}…`;
    if (countTokens(line) <= cap) return line;
  }
  return '…';
}

/**
 * `build(core)` as it is, else after each of `shorten` in turn (each drops or trims a part of the
 * line, least important first), the first that fits `cap` tokens; when none does, the core itself
 * is cut to fit.
 */
function shortenToFit(core: string, cap: number, build: (core: string) => string, shorten: (() => void)[]): string {
  for (const step of [() => {}, ...shorten]) {
    step();
    const line = build(core);
    if (countTokens(line) <= cap) return line;
  }
  return cutToFit(clause(core), cap, build);
}

/**
 * Rendering is a pure function of the content, and retrieval renders the same
 * card objects (one per version, held by the per-revision index) over and
 * over: remember each result per content object. WeakMaps, so an index that
 * is replaced takes its rendered text with it.
 */
function memo<C extends object, K, R>(fn: (c: C, k: K) => R): (c: C, k: K) => R {
  const cache = new WeakMap<C, Map<K, R>>();
  return (c, k) => {
    let byKey = cache.get(c);
    if (!byKey) cache.set(c, (byKey = new Map()));
    if (!byKey.has(k)) byKey.set(k, fn(c, k));
    return byKey.get(k)!;
  };
}

const skillLine = memo((c: SkillContentForRender, number: number | undefined) =>
  renderSkillCardLineUncached(c, number),
);
const functionLine = memo((c: FunctionContentForRender, _: null) => renderFunctionCardLinesUncached(c));
const preToolText = memo((c: FunctionContentForRender, _: null) => renderPreToolBlockUncached(c));

/** One skill line: `title — core_rule. Done when: …. Pitfall: …. Recovery: …. Procedure: a -> b.` */
export function renderSkillCardLine(c: SkillContentForRender, number?: number): string {
  return skillLine(c, number);
}

function renderSkillCardLineUncached(c: SkillContentForRender, number?: number): string {
  const prefix = number !== undefined ? `${number}. ` : '';
  const s = c.skill;
  let done = joinItems(s.completion_condition);
  let pitfall = clause(s.failure_contrast?.[0] ?? '');
  let recovery = clause(s.recovery?.[0] ?? '');
  let procedure = (s.procedure_sketch ?? []).map(clause).filter(Boolean).join(' -> ');
  const build = (core: string) =>
    [
      `${prefix}${clause(c.title)} — ${clause(core)}.`,
      sentence('Done when', done),
      sentence('Pitfall', pitfall),
      sentence('Recovery', recovery),
      sentence('Procedure', procedure),
    ]
      .filter(Boolean)
      .join(' ');
  return shortenToFit(s.core_rule, SKILL_CARD_TOKEN_CAP, build, [
    () => (procedure = ''),
    () => (recovery = ''),
    () => (pitfall = ''),
    () => (done = clause(s.completion_condition?.[0] ?? '')),
  ]);
}

/** One function line: `App.function: what it does. Rules: a; b. Known mistakes: c.` */
export function renderFunctionCardLines(c: FunctionContentForRender): string {
  return functionLine(c, null);
}

function renderFunctionCardLinesUncached(c: FunctionContentForRender): string {
  let rules = joinItems(c.usage_rules.slice(0, 2));
  let mistakes = joinItems(c.common_mistakes.slice(0, 2));
  const build = (what: string) =>
    [`${c.tool}: ${clause(what)}.`, sentence('Rules', rules), sentence('Known mistakes', mistakes)]
      .filter(Boolean)
      .join(' ');
  return shortenToFit(c.what_it_does, FUNCTION_CARD_TOKEN_CAP, build, [
    () => (mistakes = ''),
    () => (rules = clause(c.usage_rules[0] ?? '')),
  ]);
}

export type CardForRender =
  { kind: 'SKILL'; content: SkillContentForRender } | { kind: 'FUNCTION'; content: FunctionContentForRender };

/** The exact text an agent receives for this one card (the card page's "runtime text"). */
export function renderCardRuntimeText(kind: 'SKILL' | 'FUNCTION', content: unknown): string {
  return kind === 'SKILL'
    ? renderSkillCardLine(content as SkillContentForRender)
    : renderFunctionCardLines(content as FunctionContentForRender);
}

export type RenderedBlock = {
  text: string;
  tokens: number;
  /** Indexes (into the inputs) of the cards that made it into the block, in order. */
  skillIncluded: number[];
  functionIncluded: number[];
};

const EMPTY_BLOCK: RenderedBlock = { text: '', tokens: 0, skillIncluded: [], functionIncluded: [] };

/**
 * The block's exact token count without encoding the whole block on every
 * query. o200k_base splits text into pieces before BPE and BPE never merges
 * across pieces; a piece never runs from the newline(s) that end a line into
 * the next line (no piece starts with a newline and continues, and a line of
 * the block never starts with whitespace or "/"). So the block's count is the
 * sum of the counts of its lines, each taken with the newlines that follow it
 * — and a card's line (with its newlines) is counted once per card version,
 * remembered like the line itself. tests/unit/render.test.ts compares the sum
 * with a full count.
 */
const FIXED_LINES = {};
const segmentTokens = memo((_owner: object, segment: string) => countTokens(segment));
type BlockLine = { owner: object; text: string };

function blockTokens(lines: BlockLine[]): number {
  let tokens = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].text) continue; // a blank line: its newline is counted with the line before it
    let end = i + 1;
    while (end < lines.length && !lines[end].text) end++;
    const newlines = end < lines.length ? '\n'.repeat(end - i) : '';
    tokens += segmentTokens(lines[i].owner, lines[i].text + newlines);
  }
  return tokens;
}

const fixedLine = (text: string): BlockLine => ({ owner: FIXED_LINES, text });

/**
 * The task-start block for ranked cards (best first). No card → nothing is
 * injected: empty text, 0 tokens.
 */
export function renderTaskStartBlock(input: {
  skillCards: SkillContentForRender[];
  functionCards: FunctionContentForRender[];
}): RenderedBlock {
  let skills = input.skillCards.slice(0, MAX_SKILL_CARDS).map((c, i) => ({ i, c }));
  let functions = input.functionCards.slice(0, MAX_FUNCTION_CARDS).map((c, i) => ({ i, c }));
  for (;;) {
    if (!skills.length && !functions.length) return EMPTY_BLOCK;
    const lines: BlockLine[] = [fixedLine(BLOCK_HEADER)];
    if (skills.length)
      lines.push(
        fixedLine(''),
        fixedLine('Skills:'),
        ...skills.map((s, n) => ({ owner: s.c, text: renderSkillCardLine(s.c, n + 1) })),
      );
    if (functions.length)
      lines.push(
        fixedLine(''),
        fixedLine('Tools:'),
        ...functions.map((f) => ({ owner: f.c, text: `- ${renderFunctionCardLines(f.c)}` })),
      );
    lines.push(
      fixedLine(''),
      fixedLine('How to use this memory:'),
      ...MEMORY_USE_RULES.map((r) => fixedLine(`- ${r}`)),
    );
    const tokens = blockTokens(lines);
    if (tokens <= BLOCK_TOKEN_CAP)
      return {
        text: lines.map((l) => l.text).join('\n'),
        tokens,
        skillIncluded: skills.map((s) => s.i),
        functionIncluded: functions.map((f) => f.i),
      };
    if (functions.length) functions = functions.slice(0, -1);
    else skills = skills.slice(0, -1);
  }
}

/** The reminder shown right before the agent calls this function (≤ 150 tokens). */
export function renderPreToolBlock(c: FunctionContentForRender): { text: string; tokens: number } {
  return { ...preToolText(c, null) };
}

function renderPreToolBlockUncached(c: FunctionContentForRender): { text: string; tokens: number } {
  let effects = joinItems(c.side_effects?.slice(0, 2));
  let mistakes = joinItems(c.common_mistakes.slice(0, 2));
  let rules = joinItems(c.usage_rules.slice(0, 3));
  const build = () =>
    [
      `Before you call ${c.tool}:`,
      sentence('Rules', rules),
      sentence('Known mistakes', mistakes),
      sentence('Side effects', effects),
    ]
      .filter(Boolean)
      .join(' ');
  const steps: (() => void)[] = [
    () => (effects = ''),
    () => (mistakes = joinItems(c.common_mistakes.slice(0, 1))),
    () => (mistakes = ''),
    () => (rules = joinItems(c.usage_rules.slice(0, 1))),
  ];
  let text = build();
  for (const step of steps) {
    if (countTokens(text) <= FUNCTION_CARD_TOKEN_CAP) break;
    step();
    text = build();
  }
  if (countTokens(text) > FUNCTION_CARD_TOKEN_CAP) text = cutToFit('', FUNCTION_CARD_TOKEN_CAP, () => text);
  return { text, tokens: countTokens(text) };
}

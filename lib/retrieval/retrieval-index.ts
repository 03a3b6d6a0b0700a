import { Bm25Index } from './bm25';
import type { BankCard, FunctionBankCard, SkillBankCard } from './bank-card';

/**
 * The one ranking (MEMORY.md "Retrieval and rendering"), used by the preview,
 * `/api/retrieve`, the reflector/curator candidates, the leakage audit and
 * export. Built once per bank revision (see index-cache.ts) and then queried
 * in memory.
 *
 *   total = BM25(query, title + applies_when + tags + core_rule)
 *         + appBonus        = min(MAX_APP_BONUS, APP_BONUS_PER_APP × |apps(card) ∩ apps(task)|)
 *         − mismatchPenalty = MISMATCH_PENALTY when both have apps and share no app family
 *
 * A card must share at least one query term (BM25 > 0) to be retrieved: the
 * app terms boost or demote, they never select a card on their own and never
 * exclude one (app-independent rules still transfer). Ties break on the card
 * key, so equal input always gives equal output.
 */
export const APP_BONUS_PER_APP = 0.5;
export const MAX_APP_BONUS = 1;
export const MISMATCH_PENALTY = 0.5;
export const DEFAULT_SKILL_K = 3;
export const DEFAULT_FUNCTION_K = 2;

export type ScoreParts = { bm25: number; appBonus: number; mismatchPenalty: number; total: number };
export type Ranked<C> = { card: C; score: ScoreParts; matchedTerms: string[] };
export type RankQuery = { query: string; apps?: string[]; ability?: string | null; k?: number };
export type RankTuning = { lambda?: number; maxBonus?: number; mismatchPenalty?: number };

/** An app's family: its name up to the first separator ("mail_v2" and "mail" are one family). */
export function appFamily(app: string): string {
  return app.toLowerCase().split(/[._\-\s/:]/)[0];
}

export function scoreParts(bm25: number, cardApps: string[], taskApps: string[], t: RankTuning = {}): ScoreParts {
  let appBonus = 0;
  let mismatchPenalty = 0;
  if (taskApps.length && cardApps.length) {
    const task = new Set(taskApps.map((a) => a.toLowerCase()));
    const overlap = cardApps.filter((a) => task.has(a.toLowerCase())).length;
    appBonus = Math.min(t.maxBonus ?? MAX_APP_BONUS, (t.lambda ?? APP_BONUS_PER_APP) * overlap);
    const families = new Set(taskApps.map(appFamily));
    if (!cardApps.some((a) => families.has(appFamily(a)))) mismatchPenalty = t.mismatchPenalty ?? MISMATCH_PENALTY;
  }
  return { bm25, appBonus, mismatchPenalty, total: bm25 + appBonus - mismatchPenalty };
}

export function skillSearchText(c: SkillBankCard['content']): string {
  return [c.title, c.applies_when, c.tags.join(' '), c.skill.core_rule].join('\n');
}

export function functionSearchText(c: FunctionBankCard['content']): string {
  return [c.tool, c.what_it_does, c.usage_rules.join('\n')].join('\n');
}

function rank<C extends BankCard>(index: Bm25Index<C> | undefined, q: RankQuery, k: number, tuning?: RankTuning): Ranked<C>[] {
  if (!index || k <= 0) return [];
  const apps = q.apps ?? [];
  return index
    .matches(q.query)
    .filter((m) => m.score > 0)
    .map((m) => ({ card: m.item, score: scoreParts(m.score, m.item.apps, apps, tuning), matchedTerms: m.terms }))
    .sort((a, b) => b.score.total - a.score.total || (a.card.key < b.card.key ? -1 : a.card.key > b.card.key ? 1 : 0))
    .slice(0, k);
}

const ALL_BANKS = Symbol('all banks');

export class RetrievalIndex {
  private readonly skillBanks = new Map<string | typeof ALL_BANKS, Bm25Index<SkillBankCard>>();
  private readonly functionIndex: Bm25Index<FunctionBankCard>;
  private readonly byTool = new Map<string, FunctionBankCard>();
  readonly skillCount: number;
  readonly functionCount: number;
  readonly banks: string[];

  constructor(readonly cards: BankCard[]) {
    const sorted = [...cards].sort((a, b) => (a.key < b.key ? -1 : 1));
    const skills = sorted.filter((c): c is SkillBankCard => c.kind === 'SKILL');
    const functions = sorted.filter((c): c is FunctionBankCard => c.kind === 'FUNCTION');
    const byBank = new Map<string, SkillBankCard[]>();
    for (const c of skills) if (c.ability) byBank.set(c.ability, [...(byBank.get(c.ability) ?? []), c]);
    for (const [bank, list] of byBank) this.skillBanks.set(bank, new Bm25Index(list.map((item) => ({ item, text: skillSearchText(item.content) }))));
    this.skillBanks.set(ALL_BANKS, new Bm25Index(skills.map((item) => ({ item, text: skillSearchText(item.content) }))));
    this.functionIndex = new Bm25Index(functions.map((item) => ({ item, text: functionSearchText(item.content) })));
    for (const f of functions) this.byTool.set(f.content.tool.toLowerCase(), f);
    this.skillCount = skills.length;
    this.functionCount = functions.length;
    this.banks = [...byBank.keys()].sort();
  }

  /** Skill cards of the task's ability bank (every bank when the task has no ability). */
  rankSkills(q: RankQuery, tuning?: RankTuning): Ranked<SkillBankCard>[] {
    const index = q.ability ? this.skillBanks.get(q.ability) : this.skillBanks.get(ALL_BANKS);
    return rank(index, q, q.k ?? DEFAULT_SKILL_K, tuning);
  }

  /** Function cards are global: ranked over every bank. */
  rankFunctions(q: Omit<RankQuery, 'ability'>): Ranked<FunctionBankCard>[] {
    return rank(this.functionIndex, q, q.k ?? DEFAULT_FUNCTION_K);
  }

  /** The card of a named function (`App.function`, case-insensitive), for the pre-tool reminder. */
  functionCard(tool: string): FunctionBankCard | undefined {
    return this.byTool.get(tool.trim().toLowerCase());
  }
}

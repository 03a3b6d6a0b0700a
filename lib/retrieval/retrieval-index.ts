import { PostingsIndex } from './postings-index';
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

/**
 * The app part of the score for one query: built once per query, applied to
 * every matching card (lowercased apps and families are precomputed per card).
 */
type CardApps = { apps: string[]; families: string[] };
export function cardApps(apps: string[]): CardApps {
  return { apps: apps.map((a) => a.toLowerCase()), families: apps.map(appFamily) };
}

/**
 * The app part of the score for one query, split so the ranking loop can add
 * it to every matching card without allocating (`adjust`), and only the k
 * winners get their score parts spelled out (`parts`).
 */
export function appScorer(
  taskApps: string[],
  t: RankTuning = {},
): { adjust: (card: CardApps) => number; parts: (card: CardApps, bm25: number) => ScoreParts } {
  const task = new Set(taskApps.map((a) => a.toLowerCase()));
  const families = new Set(taskApps.map(appFamily));
  const lambda = t.lambda ?? APP_BONUS_PER_APP;
  const cap = t.maxBonus ?? MAX_APP_BONUS;
  const penalty = t.mismatchPenalty ?? MISMATCH_PENALTY;
  const applies = (card: CardApps) => task.size > 0 && card.apps.length > 0;
  const bonus = (card: CardApps) => {
    let overlap = 0;
    for (const a of card.apps) if (task.has(a)) overlap++;
    return Math.min(cap, lambda * overlap);
  };
  const mismatch = (card: CardApps) => {
    for (const f of card.families) if (families.has(f)) return 0;
    return penalty;
  };
  return {
    adjust: (card) => (applies(card) ? bonus(card) - mismatch(card) : 0),
    parts: (card, bm25) => {
      const appBonus = applies(card) ? bonus(card) : 0;
      const mismatchPenalty = applies(card) ? mismatch(card) : 0;
      return { bm25, appBonus, mismatchPenalty, total: bm25 + appBonus - mismatchPenalty };
    },
  };
}

export function scoreParts(bm25: number, cardAppList: string[], taskApps: string[], t: RankTuning = {}): ScoreParts {
  return appScorer(taskApps, t).parts(cardApps(cardAppList), bm25);
}

export function skillSearchText(c: SkillBankCard['content']): string {
  return [c.title, c.applies_when, c.tags.join(' '), c.skill.core_rule].join('\n');
}

export function functionSearchText(c: FunctionBankCard['content']): string {
  return [c.tool, c.what_it_does, c.usage_rules.join('\n')].join('\n');
}

type Indexed<C> = { card: C; apps: CardApps };

/**
 * One searchable set of cards (a skill bank, all banks, the function cards):
 * the postings index plus the cards' distinct app sets. A bank holds few
 * distinct app sets, so a query computes the app bonus/penalty once per app
 * set, and the ranking loop adds it per matching card by a typed-array read.
 */
class CardIndex<C extends BankCard> {
  readonly postings: PostingsIndex<Indexed<C>>;
  private readonly appSets: CardApps[] = [];
  private readonly appSetOf: Int32Array;

  constructor(cards: C[], text: (card: C) => string) {
    const ids = new Map<string, number>();
    this.appSetOf = new Int32Array(cards.length);
    const docs = cards.map((card, pos) => {
      const apps = cardApps(card.apps);
      const key = [...apps.apps].sort().join('\u0000');
      let id = ids.get(key);
      if (id === undefined) {
        id = this.appSets.length;
        ids.set(key, id);
        this.appSets.push(apps);
      }
      this.appSetOf[pos] = id;
      return { item: { card, apps: this.appSets[id] }, text: text(card) };
    });
    this.postings = new PostingsIndex(docs);
  }

  /** Top k by total (ties: card key) over the postings of the query's terms (see postings-index.ts). */
  rank(q: RankQuery, k: number, tuning?: RankTuning, admit?: (apps: CardApps) => boolean): Ranked<C>[] {
    if (k <= 0) return [];
    const { postings, appSetOf } = this;
    const terms = postings.queryTerms(q.query);
    const score = appScorer(q.apps ?? [], tuning);
    // -Infinity leaves an app set's cards out (topK skips it): computed once per app set, like the bonus.
    const adjust = Float64Array.from(this.appSets, (apps) => (!admit || admit(apps) ? score.adjust(apps) : -Infinity));
    const top = postings.topK(
      terms,
      k,
      (pos) => postings.item(pos).card.key,
      (pos, bm25) => bm25 + adjust[appSetOf[pos]],
    );
    return top.map((t) => {
      const { card, apps } = postings.item(t.position);
      return { card, score: score.parts(apps, t.bm25), matchedTerms: postings.matchedTerms(t.position, terms) };
    });
  }
}

const ALL_BANKS = Symbol('all banks');

export class RetrievalIndex {
  private readonly skillBanks = new Map<string | typeof ALL_BANKS, CardIndex<SkillBankCard>>();
  private readonly functionIndex: CardIndex<FunctionBankCard>;
  private readonly byTool = new Map<string, FunctionBankCard>();
  readonly skillCount: number;
  readonly functionCount: number;
  readonly banks: string[];
  private readonly allBanks: () => CardIndex<SkillBankCard>;

  constructor(readonly cards: BankCard[]) {
    const sorted = [...cards].sort((a, b) => (a.key < b.key ? -1 : 1));
    const skills = sorted.filter((c): c is SkillBankCard => c.kind === 'SKILL');
    const functions = sorted.filter((c): c is FunctionBankCard => c.kind === 'FUNCTION');
    const byBank = new Map<string, SkillBankCard[]>();
    for (const c of skills) {
      if (!c.ability) continue;
      const list = byBank.get(c.ability);
      if (list) list.push(c);
      else byBank.set(c.ability, [c]);
    }
    const skillText = (c: SkillBankCard) => skillSearchText(c.content);
    for (const [bank, list] of byBank) this.skillBanks.set(bank, new CardIndex(list, skillText));
    // The every-bank index (tasks without an ability) is built on first use.
    this.allBanks = () => {
      const all = this.skillBanks.get(ALL_BANKS) ?? new CardIndex(skills, skillText);
      this.skillBanks.set(ALL_BANKS, all);
      return all;
    };
    this.functionIndex = new CardIndex(functions, (c) => functionSearchText(c.content));
    for (const f of functions) this.byTool.set(f.content.tool.toLowerCase(), f);
    this.skillCount = skills.length;
    this.functionCount = functions.length;
    this.banks = [...byBank.keys()].sort();
  }

  /** Skill cards of the task's ability bank (every bank when the task has no ability). */
  rankSkills(q: RankQuery, tuning?: RankTuning): Ranked<SkillBankCard>[] {
    const index = q.ability ? this.skillBanks.get(q.ability) : this.allBanks();
    return index ? index.rank(q, q.k ?? DEFAULT_SKILL_K, tuning) : [];
  }

  /**
   * Function cards are global across abilities (one index), but a function
   * card is the contract of one callable tool: when the task names its apps,
   * only cards of those app families are relevant — another app's tool cannot
   * be called in this task, and ranking it on one shared word ("cancel",
   * "search") spent the block's two function lines on it. Unlike skill cards
   * (app-independent rules must transfer, so apps only boost), this gates. A
   * task that names no apps still ranks every function card.
   */
  rankFunctions(q: Omit<RankQuery, 'ability'>): Ranked<FunctionBankCard>[] {
    const families = new Set((q.apps ?? []).map(appFamily));
    const admit = families.size ? (card: CardApps) => card.families.some((f) => families.has(f)) : undefined;
    return this.functionIndex.rank(q, q.k ?? DEFAULT_FUNCTION_K, undefined, admit);
  }

  /** The card of a named function (`App.function`, case-insensitive), for the pre-tool reminder. */
  functionCard(tool: string): FunctionBankCard | undefined {
    return this.byTool.get(tool.trim().toLowerCase());
  }
}

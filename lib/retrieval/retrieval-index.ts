import { surfaceWords } from './bm25';
import { PostingsIndex } from './postings-index';
import type { BankCard, FunctionBankCard, SkillBankCard } from './bank-card';
import { functionFields, skillFields, type IndexedField } from './field-weights';
import { fillerFactors } from './filler-terms';
import { goalTerms, withoutWishes } from './task-goals';

/**
 * The one ranking (docs/architecture.md "Retrieval and rendering"), used by the preview,
 * `/api/retrieve`, the reflector/curator candidates, the leakage audit and
 * export. Built once per bank revision (see index-cache.ts) and then queried
 * in memory.
 *
 *   bm25  = Σ_t goal(t) · filler(t) · BM25F(t; title×3, applies_when×2, tags×2, core_rule×1)
 *           (field-weights.ts; filler(t) from the term's share of the whole bank, filler-terms.ts;
 *           goal(t) = GOAL_TERM_WEIGHT for a term of the task's goal clauses, task-goals.ts, else 1;
 *           the wish phrases themselves, "want to", "looking to", are not query terms)
 *   total = bm25
 *         + appBonus        = min(MAX_APP_BONUS, APP_BONUS_PER_APP × |apps(card) ∩ apps(task)|)
 *         − mismatchPenalty = MISMATCH_PENALTY when both have apps and share no app family
 *
 * A card is retrieved only when its text part reaches MIN_SCORE: a bank with
 * few relevant cards returns fewer rather than filling k with cards that
 * share one incidental word. The app terms boost or demote, they never select
 * a card on their own and never exclude a skill card (app-independent rules
 * still transfer). Ties break on the card key, so equal input always gives
 * equal output.
 */
export const APP_BONUS_PER_APP = 0.5;
export const MAX_APP_BONUS = 1;
export const MISMATCH_PENALTY = 0.5;
export const DEFAULT_SKILL_K = 3;
export const DEFAULT_FUNCTION_K = 2;
/**
 * The least text score a card needs, two floors:
 *  - absolute: a share of the weight of one term found on a single card of
 *    the bank searched (idf at df = 1, which grows with the bank: a fixed
 *    number would be too strict for ten cards and too loose for ten
 *    thousand). A card matched only on filler terms stays under it;
 *  - relative: a share of the best card's text score for the same query. A
 *    card sharing one incidental body word with the task scores a fraction of
 *    a card whose title and trigger match, and stays out. A card whose title,
 *    trigger or tags (the fields weighted above the body) share a term that
 *    is not filler is about the task's situation and is exempt: another card
 *    of the same situation that also shares scenario words ("the day after
 *    the original date") can score several times more without making it
 *    incidental.
 * A bank with few relevant cards then returns fewer rather than filler.
 */
export const MIN_SCORE_SHARE = 0.25;
export const MIN_SHARE_OF_BEST = 0.3;
export function minScoreFor(bankSize: number, share = MIN_SCORE_SHARE): number {
  return share * Math.log(1 + (bankSize - 0.5) / 1.5);
}

/** `fields`: how `bm25` splits over the card's fields (they sum to it). */
export type ScoreParts = {
  bm25: number;
  fields: Record<string, number>;
  appBonus: number;
  mismatchPenalty: number;
  total: number;
};
export type Ranked<C> = { card: C; score: ScoreParts; matchedTerms: string[]; fillerTerms: string[] };
export type RankQuery = { query: string; apps?: string[]; ability?: string | null; k?: number };
/** `minScore`, `minShareOfBest`: the floors instead of the defaults (0 and 0 rank every match). */
export type RankTuning = {
  lambda?: number;
  maxBonus?: number;
  mismatchPenalty?: number;
  minScore?: number;
  minShareOfBest?: number;
  /** Weight of a query term that is in the task's goal clauses (task-goals.ts); 1 weighs every term alike. */
  goalWeight?: number;
};

/**
 * How much more a term of the task's goal clauses ("you want to change the
 * flight…") counts than one of its persona or scenario text: a card learned
 * from another task shares the goal's words, and the scenario's words
 * ("upcoming trip", a city that contains "new") match cards by accident.
 */
export const GOAL_TERM_WEIGHT = 3;

/** Per query term (as `terms`), its weight: GOAL_TERM_WEIGHT when a goal clause has it; undefined when no clause does. */
function goalWeights<T>(
  postings: PostingsIndex<T>,
  terms: number[],
  query: string,
  weight: number,
): Float64Array | undefined {
  if (weight === 1) return undefined;
  const goal = goalTerms(query);
  if (goal.size === 0) return undefined;
  return Float64Array.from(terms, (id) => (goal.has(postings.term(id)) ? weight : 1));
}

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
): {
  adjust: (card: CardApps) => number;
  parts: (card: CardApps, bm25: number, fields?: Record<string, number>) => ScoreParts;
} {
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
    parts: (card, bm25, fields = {}) => {
      const appBonus = applies(card) ? bonus(card) : 0;
      const mismatchPenalty = applies(card) ? mismatch(card) : 0;
      return { bm25, fields, appBonus, mismatchPenalty, total: bm25 + appBonus - mismatchPenalty };
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

  constructor(cards: C[], fields: (card: C) => IndexedField[], termFactors: Map<string, number>) {
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
      return { item: { card, apps: this.appSets[id] }, fields: fields(card) };
    });
    this.postings = new PostingsIndex(docs, { termFactors });
  }

  minScore(tuning?: RankTuning): number {
    return tuning?.minScore ?? minScoreFor(this.postings.size);
  }

  /** Top k by total (ties: card key) over the postings of the query's terms (see postings-index.ts). */
  rank(q: RankQuery, k: number, tuning?: RankTuning, admit?: (apps: CardApps) => boolean): Ranked<C>[] {
    if (k <= 0) return [];
    const { postings, appSetOf } = this;
    const terms = postings.queryTerms(withoutWishes(q.query));
    const weights = goalWeights(postings, terms, q.query, tuning?.goalWeight ?? GOAL_TERM_WEIGHT);
    const score = appScorer(q.apps ?? [], tuning);
    const minScore = this.minScore(tuning);
    // -Infinity leaves an app set's cards out (topK skips it): computed once per app set, like the bonus.
    const adjust = Float64Array.from(this.appSets, (apps) => (!admit || admit(apps) ? score.adjust(apps) : -Infinity));
    const top = postings.topK(
      terms,
      k,
      (pos) => postings.item(pos).card.key,
      (pos, bm25) => (bm25 < minScore ? -Infinity : bm25 + adjust[appSetOf[pos]]),
      weights,
    );
    const best = top.reduce((m, t) => Math.max(m, t.bm25), 0);
    const relative = (tuning?.minShareOfBest ?? MIN_SHARE_OF_BEST) * best;
    const kept = top.filter((t) => t.bm25 >= relative || postings.matchesAbove(t.position, terms, 1));
    if (kept.length === 0) return [];
    const surface = surfaceWords(q.query);
    const asWritten = (stems: string[]) => stems.map((t) => surface.get(t) ?? t);
    return kept.map((t) => {
      const { card, apps } = postings.item(t.position);
      const { fields, fillerTerms } = postings.explain(t.position, terms, weights);
      return {
        card,
        score: score.parts(apps, t.bm25, fields),
        matchedTerms: asWritten(postings.matchedTerms(t.position, terms)),
        fillerTerms: asWritten(fillerTerms),
      };
    });
  }
}

/**
 * Which function cards a task-start query may rank: the task's app families;
 * without apps, the app families the task's ability bank names (its skill
 * cards' apps); without either, every app — and then the preview and the API
 * say so, since another app's tool may fill the block.
 */
export type FunctionScope = {
  apps: string[];
  from: 'task apps' | 'ability bank apps' | 'all apps';
  note: string | null;
};

const ALL_BANKS = Symbol('all banks');

export class RetrievalIndex {
  private readonly skillBanks = new Map<string | typeof ALL_BANKS, CardIndex<SkillBankCard>>();
  private readonly functionIndex: CardIndex<FunctionBankCard>;
  private readonly byTool = new Map<string, FunctionBankCard>();
  private readonly bankApps = new Map<string, string[]>();
  readonly skillCount: number;
  readonly functionCount: number;
  readonly banks: string[];
  private readonly allBanks: () => CardIndex<SkillBankCard>;

  constructor(readonly cards: BankCard[]) {
    const sorted = [...cards].sort((a, b) => (a.key < b.key ? -1 : 1));
    const skills = sorted.filter((c): c is SkillBankCard => c.kind === 'SKILL');
    const functions = sorted.filter((c): c is FunctionBankCard => c.kind === 'FUNCTION');
    // Tokenized once per card: the whole-bank filler factors and every index below share them.
    const fieldsOf = new Map<BankCard, IndexedField[]>();
    for (const c of skills) fieldsOf.set(c, skillFields(c.content));
    for (const c of functions) fieldsOf.set(c, functionFields(c.content));
    const factors = fillerFactors([...fieldsOf.values()].map((fields) => fields.flatMap((f) => f.tokens)));
    const fields = (c: BankCard) => fieldsOf.get(c)!;
    const byBank = new Map<string, SkillBankCard[]>();
    for (const c of skills) {
      if (!c.ability) continue;
      const list = byBank.get(c.ability);
      if (list) list.push(c);
      else byBank.set(c.ability, [c]);
    }
    for (const [bank, list] of byBank) {
      this.skillBanks.set(bank, new CardIndex(list, fields, factors));
      this.bankApps.set(bank, [...new Set(list.flatMap((c) => c.apps.map(appFamily)))].sort());
    }
    // The every-bank index (tasks without an ability) is built on first use.
    this.allBanks = () => {
      const all = this.skillBanks.get(ALL_BANKS) ?? new CardIndex(skills, fields, factors);
      this.skillBanks.set(ALL_BANKS, all);
      return all;
    };
    this.functionIndex = new CardIndex(functions, fields, factors);
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

  /** The floors a skill card of the bank searched and a function card need (see MIN_SCORE_SHARE). */
  minScores(q: Pick<RankQuery, 'ability'>, tuning?: RankTuning): { skill: number; function: number } {
    const skills = q.ability ? this.skillBanks.get(q.ability) : this.allBanks();
    return { skill: skills?.minScore(tuning) ?? 0, function: this.functionIndex.minScore(tuning) };
  }

  /** The app families function cards are drawn from for this task (see FunctionScope). */
  functionScope(q: Pick<RankQuery, 'apps' | 'ability'>): FunctionScope {
    const apps = [...new Set((q.apps ?? []).map(appFamily))].sort();
    if (apps.length) return { apps, from: 'task apps', note: null };
    const bankApps = q.ability ? (this.bankApps.get(q.ability) ?? []) : [];
    if (bankApps.length)
      return {
        apps: bankApps,
        from: 'ability bank apps',
        note: `No app given: function cards from the apps of the "${q.ability}" bank (${bankApps.join(', ')}).`,
      };
    return { apps: [], from: 'all apps', note: 'No app given: function cards from all apps.' };
  }

  /**
   * Function cards are global across abilities (one index), but a function
   * card is the contract of one callable tool: only cards of the task's app
   * families are relevant (functionScope) — another app's tool cannot be
   * called in this task, and ranking it on one shared word ("cancel",
   * "search") spent the block's two function lines on it. Unlike skill cards
   * (app-independent rules must transfer, so apps only boost), this gates.
   */
  rankFunctions(q: RankQuery, tuning?: RankTuning): Ranked<FunctionBankCard>[] {
    const families = new Set(this.functionScope(q).apps);
    const admit = families.size ? (card: CardApps) => card.families.some((f) => families.has(f)) : undefined;
    return this.functionIndex.rank(q, q.k ?? DEFAULT_FUNCTION_K, tuning, admit);
  }

  /** The card of a named function (`App.function`, case-insensitive), for the pre-tool reminder. */
  functionCard(tool: string): FunctionBankCard | undefined {
    return this.byTool.get(tool.trim().toLowerCase());
  }
}

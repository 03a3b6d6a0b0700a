import type { SkillCardContent } from '@/lib/cards/card-schemas';
import type { SkillBankCard } from './bank-card';
import { currentBankIndex } from './index-cache';
import { RetrievalIndex, skillSearchText, type Ranked, type RankTuning } from './retrieval-index';

/**
 * The reflection pipeline's view of the one ranking (retrieval-index.ts): the
 * reflector's "most relevant current cards" and the curator's candidates come
 * from the same cached index the preview and `/api/retrieve` use. Without the
 * minimum score (unless the caller sets one): the floors decide what an agent
 * is handed, while the curator needs every card sharing a term with the delta
 * as a candidate (it applies its own similarity floor, and a PATCH may only
 * target a card it was shown).
 */
const NO_FLOOR = { minScore: 0, minShareOfBest: 0 } as const;
export type RankedSkillCard = {
  cardId: string;
  key: string;
  ability: string | null;
  apps: string[];
  currentVersionId: string | null;
  content: SkillCardContent;
  /** BM25 score plus the app bonus, minus the mismatch penalty. */
  score: number;
  bm25: number;
};

export type SkillCardQuery = RankTuning & {
  /** The task's ability bank; null/undefined searches all banks (docs/architecture.md "Retrieval and rendering"). */
  ability?: string | null;
  query: string;
  /** Apps of the task: overlapping cards get a capped bonus, disjoint app families a penalty. */
  apps?: string[];
  limit?: number;
};

/** The text BM25 indexes for a skill card: title, applies_when, tags, core_rule (docs/architecture.md "Retrieval and rendering"). */
export function skillCardSearchText(
  c: Pick<SkillCardContent, 'title' | 'applies_when' | 'tags'> & { skill: { core_rule: string } },
): string {
  return skillSearchText(c as SkillCardContent);
}

function toRankedSkillCard(r: Ranked<SkillBankCard>): RankedSkillCard {
  const c = r.card;
  return {
    cardId: c.cardId,
    key: c.key,
    ability: c.ability,
    apps: c.apps,
    currentVersionId: c.versionId,
    content: c.content,
    score: r.score.total,
    bm25: r.score.bm25,
  };
}

/** Ranks the ACTIVE skill cards of the current bank (cached per bank revision). */
export async function rankSkillCards(q: SkillCardQuery): Promise<RankedSkillCard[]> {
  const { index } = await currentBankIndex();
  return index
    .rankSkills({ query: q.query, apps: q.apps, ability: q.ability, k: q.limit ?? 3 }, { ...NO_FLOOR, ...q })
    .map(toRankedSkillCard);
}

/** Pure ranking step over given cards (no database), for tests. */
export function rankParsedSkillCards(
  cards: Omit<RankedSkillCard, 'score' | 'bm25'>[],
  q: SkillCardQuery,
): RankedSkillCard[] {
  const index = new RetrievalIndex(
    cards.map((c, i) => ({
      kind: 'SKILL',
      cardId: c.cardId,
      key: c.key,
      ability: c.ability,
      apps: c.apps,
      versionId: c.currentVersionId ?? `v${i}`,
      versionNumber: 1,
      content: c.content,
    })),
  );
  return index
    .rankSkills({ query: q.query, apps: q.apps, ability: q.ability, k: q.limit ?? 3 }, { ...NO_FLOOR, ...q })
    .map(toRankedSkillCard);
}

import type { Prisma } from '@prisma/client';
import { skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import { prisma, type Tx } from '@/lib/db/prisma';
import { Bm25Index } from './bm25';

export type RankedSkillCard = {
  cardId: string;
  key: string;
  ability: string | null;
  apps: string[];
  currentVersionId: string | null;
  content: SkillCardContent;
  /** BM25 score plus the app bonus/penalty. */
  score: number;
  bm25: number;
};

export type SkillCardQuery = {
  /** The task's ability bank; null/undefined searches all banks (MEMORY.md: unlabeled tasks). */
  ability?: string | null;
  query: string;
  /** Apps of the task: overlapping cards get a capped bonus, disjoint app families a penalty. */
  apps?: string[];
  limit?: number;
  /** Bonus per overlapping app, capped at `maxBonus` (boosts, never gates). */
  lambda?: number;
  maxBonus?: number;
  mismatchPenalty?: number;
};

/** The text BM25 indexes for a skill card: title, applies_when, tags, core_rule (MEMORY.md). */
export function skillCardSearchText(c: Pick<SkillCardContent, 'title' | 'applies_when' | 'tags'> & { skill: { core_rule: string } }): string {
  return [c.title, c.applies_when, c.tags.join(' '), c.skill.core_rule].join('\n');
}

/**
 * Ranks the ACTIVE skill cards of a bank for a query. Reusable: the reflection
 * pipeline, the curator's candidate retrieval and the retrieval preview.
 */
export async function rankSkillCards(q: SkillCardQuery, db: Tx | typeof prisma = prisma): Promise<RankedSkillCard[]> {
  const where: Prisma.CardWhereInput = { kind: 'SKILL', status: 'ACTIVE', currentVersionId: { not: null } };
  if (q.ability) where.ability = q.ability;
  const cards = await db.card.findMany({ where, include: { currentVersion: true }, orderBy: { key: 'asc' } });
  const parsed = cards.flatMap((c) => {
    const content = skillCardSchema.safeParse(c.currentVersion?.content);
    return content.success ? [{ card: c, content: content.data }] : [];
  });
  return rankParsedSkillCards(parsed.map((p) => ({ cardId: p.card.id, key: p.card.key, ability: p.card.ability, apps: p.card.apps, currentVersionId: p.card.currentVersionId, content: p.content })), q);
}

/** Pure ranking step (no database), also used by tests and the offline curator. */
export function rankParsedSkillCards(cards: Omit<RankedSkillCard, 'score' | 'bm25'>[], q: SkillCardQuery): RankedSkillCard[] {
  if (cards.length === 0) return [];
  const index = new Bm25Index(cards.map((c) => ({ item: c, text: skillCardSearchText(c.content) })));
  const lambda = q.lambda ?? 0.5;
  const maxBonus = q.maxBonus ?? 1;
  const penalty = q.mismatchPenalty ?? 0.5;
  const taskApps = new Set((q.apps ?? []).map((a) => a.toLowerCase()));
  return index
    .search(q.query)
    .map(({ item, score }) => {
      let adjusted = score;
      if (taskApps.size && item.apps.length) {
        const overlap = item.apps.filter((a) => taskApps.has(a.toLowerCase())).length;
        adjusted += overlap ? Math.min(maxBonus, lambda * overlap) : -penalty;
      }
      return { ...item, bm25: score, score: adjusted };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, q.limit ?? 3);
}

import { describe, expect, it } from 'vitest';
import { Bm25Index, tokenize } from '@/lib/retrieval/bm25';
import { rankParsedSkillCards } from '@/lib/retrieval/bm25-skill-cards';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';

describe('BM25', () => {
  it('tokenizes App.function and snake_case names into searchable words', () => {
    expect(tokenize('Call mail.search_messages on <ID> pages')).toEqual(['call', 'mail', 'search', 'messag', 'page']);
  });

  it('ranks the document sharing rare query terms first and scores unrelated ones zero', () => {
    const idx = new Bm25Index([
      { item: 'a', text: 'archive newsletters older than a week' },
      { item: 'b', text: 'read every page of search results before choosing the newest message' },
      { item: 'c', text: 'cancel one flight leg after checking refund rules' },
    ]);
    const hits = idx.search('fetch all result pages then pick newest');
    expect(hits[0].item).toBe('b');
    expect(hits.find((h) => h.item === 'c')!.score).toBe(0);
  });

  it('gives a near-copy a similarity close to 1 and an unrelated text close to 0', () => {
    const idx = new Bm25Index([
      { item: 'x', text: 'keep fetching pages until no next page is left' },
      { item: 'y', text: 'book a hotel' },
    ]);
    const [best] = idx.similarity('keep fetching pages until no next page is left');
    expect(best.item).toBe('x');
    expect(best.score).toBeGreaterThan(0.95);
    expect(idx.similarity('refund policy for cancelled legs').every((h) => h.score < 0.2)).toBe(true);
  });

  it('ranks skill cards within a bank with an app-overlap bonus that never gates', () => {
    const cards = DEMO_SKILL_CARDS.map((c, i) => ({
      cardId: `c${i}`,
      key: c.hex,
      ability: c.ability,
      apps: c.apps,
      currentVersionId: null,
      content: c.versions.at(-1)!,
    }));
    const ranked = rankParsedSkillCards(cards, {
      query: 'search results have a next page; read all pages',
      apps: ['mail'],
      limit: 3,
    });
    expect(ranked[0].content.title).toBe('Read every page before choosing');
    const unrelatedApps = rankParsedSkillCards(cards, {
      query: 'search results have a next page; read all pages',
      apps: ['flights'],
      limit: 1,
    });
    expect(unrelatedApps[0].content.title).toBe('Read every page before choosing');
  });
});

import { describe, expect, it } from 'vitest';
import { listFieldsOf } from '@/lib/cards/append-version';
import { BANKS, syntheticBank, validateSyntheticBank } from '@/scripts/lib/synthetic-bank';

describe("the retrieval bench's synthetic bank", () => {
  const cards = syntheticBank();

  it('has cards a reviewer could have approved: they pass the proposal validators', () => {
    // Every 50th card of each kind: the whole bank takes about a minute (privacy detectors).
    const sample = cards.filter((c, i) => i % 50 === 0 || (c.kind === 'FUNCTION' && i % 10 === 0));
    expect(() => validateSyntheticBank(sample, cards)).not.toThrow();
  });

  it('lists with a title and tags in the bank, like an approved card', () => {
    for (const c of cards.filter((_, i) => i % 97 === 0)) {
      const fields = listFieldsOf(c.kind, c.content);
      expect(fields.title.length).toBeGreaterThan(5);
      expect(fields.title).not.toBe(c.key);
      if (c.kind === 'SKILL') expect(fields.tags.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(cards.map((c) => c.ability).filter(Boolean))).toEqual(new Set(BANKS));
  });
});

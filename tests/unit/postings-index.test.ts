import { describe, expect, it } from 'vitest';
import { Bm25Index } from '@/lib/retrieval/bm25';
import { PostingsIndex } from '@/lib/retrieval/postings-index';

// A seeded generator: the corpora are random but every run sees the same ones.
function corpus(seed: number, docs: number, vocab: number) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () => `w${Math.floor(rnd() ** 2 * vocab)}`;
  const text = (n: number) => Array.from({ length: n }, word).join(' ');
  return {
    docs: Array.from({ length: docs }, (_, i) => ({
      item: `d${String(i).padStart(4, '0')}`,
      text: text(5 + Math.floor(rnd() * 30)),
    })),
    queries: Array.from({ length: 40 }, () => text(1 + Math.floor(rnd() * 12))),
  };
}

describe('postings index', () => {
  it('gives every matching document exactly the reference BM25 score and the same top k', () => {
    const { docs, queries } = corpus(7, 400, 300);
    const ref = new Bm25Index(docs);
    const idx = new PostingsIndex(docs);
    for (const q of queries) {
      const expected = ref
        .search(q)
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score || (a.item < b.item ? -1 : 1))
        .slice(0, 5);
      const got = idx.topK(idx.queryTerms(q), 5, (p) => idx.item(p));
      expect(got.map((h) => [idx.item(h.position), h.bm25])).toEqual(expected.map((h) => [h.item, h.score]));
    }
  });

  it('ranks by the adjusted total and breaks ties on the key, whatever the insertion order', () => {
    const docs = ['apple pie', 'apple tart', 'apple cake', 'pear pie'].map((text, i) => ({
      item: ['d', 'b', 'c', 'a'][i],
      text,
    }));
    const idx = new PostingsIndex(docs);
    const terms = idx.queryTerms('apple');
    // Equal bm25 for the three apple documents: the key decides (b, c, d).
    expect(idx.topK(terms, 3, (p) => idx.item(p)).map((h) => idx.item(h.position))).toEqual(['b', 'c', 'd']);
    // An adjustment can lift a document past the others.
    const lifted = idx.topK(
      terms,
      2,
      (p) => idx.item(p),
      (p, bm25) => bm25 + (idx.item(p) === 'd' ? 1 : 0),
    );
    expect(lifted.map((h) => idx.item(h.position))).toEqual(['d', 'b']);
    expect(lifted[0].total - lifted[0].bm25).toBeCloseTo(1);
  });

  it('leaves no score behind between queries and never returns a document without a shared term', () => {
    const idx = new PostingsIndex([
      { item: 'x', text: 'cancel the reservation' },
      { item: 'y', text: 'book a hotel room' },
    ]);
    const first = idx.topK(idx.queryTerms('cancel reservation'), 5, (p) => idx.item(p));
    const again = idx.topK(idx.queryTerms('cancel reservation'), 5, (p) => idx.item(p));
    expect(again).toEqual(first);
    expect(idx.topK(idx.queryTerms('hotel'), 5, (p) => idx.item(p)).map((h) => idx.item(h.position))).toEqual(['y']);
    expect(idx.topK(idx.queryTerms('unknown words only'), 5, (p) => idx.item(p))).toEqual([]);
    // Stems: the ranking maps them back to the words the task wrote (retrieval-index.ts).
    expect(idx.matchedTerms(0, idx.queryTerms('please cancel this reservation now'))).toEqual(['cancel', 'reserv']);
  });
});

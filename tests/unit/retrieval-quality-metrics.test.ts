import { describe, expect, it } from 'vitest';
import { parseLabelsFile } from '@/lib/retrieval/labels-file';
import { scoreRanking } from '@/lib/retrieval/retrieval-quality';

describe('retrieval quality metrics', () => {
  it('computes recall@k, precision@k, reciprocal rank and nDCG@k with binary relevance', () => {
    const s = scoreRanking(['a', 'b', 'c'], ['b', 'd'], 3);
    expect(s.recall).toBe(0.5);
    expect(s.precision).toBeCloseTo(1 / 3, 10);
    expect(s.reciprocalRank).toBe(0.5);
    // DCG = 1/log2(3); ideal = 1 + 1/log2(3)
    expect(s.ndcg).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)), 10);
    expect(s.missed).toEqual(['d']);
  });

  it('divides precision by what was returned (fewer than k rather than filler) and scores nothing as 0', () => {
    expect(scoreRanking(['a'], ['a'], 3)).toMatchObject({ precision: 1, recall: 1, reciprocalRank: 1, ndcg: 1 });
    expect(scoreRanking([], ['a'], 3)).toMatchObject({ precision: 0, recall: 0, reciprocalRank: 0, ndcg: 0 });
    expect(scoreRanking(['x', 'y', 'z', 'a'], ['a'], 3).missed).toEqual(['a']);
  });

  it('reads JSONL and a JSON array, naming the line and field of a bad entry', () => {
    const line = { task: 'Change a flight', relevant: ['skill::skill_a'] };
    expect(parseLabelsFile(`${JSON.stringify(line)}\n\n${JSON.stringify(line)}\n`)).toHaveLength(2);
    expect(parseLabelsFile(JSON.stringify([line]))).toEqual([line]);
    expect(() => parseLabelsFile(`${JSON.stringify(line)}\n{"task":"x","relevant":["seat"]}`, 'l.jsonl')).toThrow(
      'l.jsonl line 2, relevant.0: expected a card key such as skill::skill_ab12cd',
    );
    expect(() => parseLabelsFile('{"task": "x", "relevant": [], "relevent": []}', 'l.jsonl')).toThrow(
      /l\.jsonl line 1/,
    );
    expect(() => parseLabelsFile('not json', 'l.jsonl')).toThrow('l.jsonl line 1 is not JSON');
  });
});

import { describe, expect, it } from 'vitest';
import { beforeAfterTable } from '@/lib/eval/before-after-table';

const hits = (hits: number, of: number) => ({ hits, of, rows: [] });

describe("eval:reflection's before/after table", () => {
  it('prints both columns and marks each target met or not', () => {
    const text = beforeAfterTable({
      before: {
        own: hits(7, 15),
        other: hits(8, 15),
        flaws: 55,
        cutTitles: 3,
        pipeline: 'rule-based@5',
        commit: 'abc1234',
      },
      after: { own: hits(15, 16), other: hits(11, 16), flaws: 0, cutTitles: 0 },
      functionScope: { violations: 0, unscopedForeign: 80, queries: 40 },
    });
    const row = (name: string) => text.split('\n').find((l) => l.trimStart().startsWith(name))!;
    expect(row('target')).toMatch(/before \(stored, commit abc1234\)\s+after/);
    expect(row('own card in top 3')).toMatch(/47% \(7\/15\)\s+94% \(15\/16\)\s+≥ 90%\s+yes$/);
    expect(row('labelled plausible card')).toMatch(/53% \(8\/15\)\s+69% \(11\/16\)\s+≥ 75%\s+NO$/);
    expect(row('function cards')).toMatch(/80 unscoped\s+0\s+0\s+yes$/);
    expect(row('curation flaws')).toMatch(/55\s+0\s+0\s+yes$/);
  });
});

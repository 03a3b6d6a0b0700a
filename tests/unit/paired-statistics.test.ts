import { describe, expect, it } from 'vitest';
import {
  chiSquare1P,
  mcnemarChiSquare,
  mcnemarExactP,
  pairedMeanDifference,
  passHatK,
} from '@/lib/compare/paired-statistics';

describe("McNemar's exact test", () => {
  it('is 1 when the discordant pairs split evenly (6 vs 6)', () => {
    // 2 · P(X ≤ 6), X ~ Bin(12, ½) = 2 · 2510/4096 > 1, so 1.
    expect(mcnemarExactP(6, 6)).toBe(1);
  });

  it('is 2/4096 when all 12 discordant pairs go one way (12 vs 0)', () => {
    // 2 · P(X = 0), X ~ Bin(12, ½) = 2 · (½)^12.
    expect(mcnemarExactP(12, 0)).toBeCloseTo(2 / 4096, 15);
    expect(mcnemarExactP(0, 12)).toBeCloseTo(2 / 4096, 15);
  });

  it('sums the smaller tail by hand on small cases', () => {
    // 1 vs 4: 2 · (C(5,0) + C(5,1)) / 2^5 = 2 · 6/32.
    expect(mcnemarExactP(1, 4)).toBeCloseTo(12 / 32, 12);
    // 8 vs 2: 2 · (1 + 10 + 45) / 1024.
    expect(mcnemarExactP(8, 2)).toBeCloseTo(112 / 1024, 12);
  });

  it('stays finite and tiny at ContraMem scale (232 vs 23), where 0.5^255 would underflow a naive sum', () => {
    const p = mcnemarExactP(232, 23)!;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-30);
  });

  it('has no p-value without discordant pairs', () => {
    expect(mcnemarExactP(0, 0)).toBeNull();
    expect(mcnemarChiSquare(0, 0)).toBeNull();
  });
});

describe("McNemar's χ²", () => {
  it('reproduces ContraMem (232 vs 23 → 171.3 uncorrected)', () => {
    // (232 − 23)² / 255 = 43681 / 255 = 171.298…; corrected (209 − 1)² / 255 = 43264 / 255 = 169.662…
    const x = mcnemarChiSquare(232, 23)!;
    expect(x.uncorrected).toBeCloseTo(43681 / 255, 10);
    expect(x.uncorrected.toFixed(1)).toBe('171.3');
    expect(x.corrected).toBeCloseTo(43264 / 255, 10);
  });

  it('labels both forms on a small case (8 vs 2)', () => {
    // uncorrected 36/10 = 3.6, corrected 25/10 = 2.5.
    const x = mcnemarChiSquare(8, 2)!;
    expect(x.uncorrected).toBeCloseTo(3.6, 12);
    expect(x.corrected).toBeCloseTo(2.5, 12);
    // Tables of χ²(1): P(Χ² ≥ 3.6) = 0.05778, P(Χ² ≥ 2.5) = 0.11385.
    expect(x.pUncorrected).toBeCloseTo(0.05778, 4);
    expect(x.pCorrected).toBeCloseTo(0.11385, 4);
  });

  it('has the textbook tail points', () => {
    // 3.841459 is the 95th percentile of χ²(1); P(Χ² ≥ 1) = 2(1 − Φ(1)) = 0.317311.
    expect(chiSquare1P(3.841458820694124)).toBeCloseTo(0.05, 6);
    expect(chiSquare1P(1)).toBeCloseTo(0.317311, 6);
    expect(chiSquare1P(0)).toBe(1);
  });
});

describe('pass^k (unbiased estimator)', () => {
  it('is the mean over tasks of C(c, k) / C(n, k)', () => {
    // Three tasks of 4 trials with 3, 1 and 4 passes. By hand:
    // k=1: (3/4 + 1/4 + 1) / 3 = 2/3; k=2: (C(3,2)/C(4,2) = 3/6, 0, 1) / 3 = 1/2;
    // k=3: (1/4 + 0 + 1) / 3 = 5/12; k=4: (0 + 0 + 1) / 3 = 1/3.
    const got = passHatK([
      { passed: 3, trials: 4 },
      { passed: 1, trials: 4 },
      { passed: 4, trials: 4 },
    ]);
    expect(got.map((g) => g.k)).toEqual([1, 2, 3, 4]);
    expect(got[0].value).toBeCloseTo(2 / 3, 12);
    expect(got[1].value).toBeCloseTo(1 / 2, 12);
    expect(got[2].value).toBeCloseTo(5 / 12, 12);
    expect(got[3].value).toBeCloseTo(1 / 3, 12);
  });

  it('stops at the fewest trials any task has', () => {
    // A task with 2 trials has no pass^3 estimate, so k ends at 2: k=2 is (C(2,2)/C(2,2) + C(2,2)/C(3,2)) / 2 = (1 + 1/3) / 2.
    const got = passHatK([
      { passed: 2, trials: 2 },
      { passed: 2, trials: 3 },
    ]);
    expect(got.map((g) => g.k)).toEqual([1, 2]);
    expect(got[1].value).toBeCloseTo(2 / 3, 12);
    expect(passHatK([])).toEqual([]);
  });
});

describe('paired mean difference with a bootstrap interval', () => {
  it('is the same on every run (seeded) and brackets the mean', () => {
    const diffs = [1, 0, 0, -1, 1, 1, 0, 0.5, -0.5, 1, 0, 0];
    const a = pairedMeanDifference(diffs)!;
    const b = pairedMeanDifference(diffs)!;
    expect(a).toEqual(b);
    // Mean by hand: (1 − 1 + 1 + 1 + 0.5 − 0.5 + 1) / 12 = 3/12.
    expect(a.mean).toBeCloseTo(0.25, 12);
    expect(a.low).toBeLessThan(a.mean);
    expect(a.high).toBeGreaterThan(a.mean);
    expect(a.low).toBeGreaterThanOrEqual(-1);
    expect(a.high).toBeLessThanOrEqual(1);
  });

  it('collapses to the value when every pair moved the same, and is null without pairs', () => {
    expect(pairedMeanDifference([0.5, 0.5, 0.5])).toMatchObject({ mean: 0.5, low: 0.5, high: 0.5, n: 3 });
    expect(pairedMeanDifference([])).toBeNull();
  });
});

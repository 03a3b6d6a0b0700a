import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_SEED,
  binomialDraw,
  histogramOf,
  pairedMeanDifference,
  pairedMeanDifferenceOfHistogram,
  seededRandom,
} from '@/lib/compare/paired-statistics';

/** The bootstrap pair by pair (the reference: resample n pairs with replacement, mean each resample). */
function pairwiseMeans(diffs: number[], resamples: number, seed: number): Float64Array {
  const random = seededRandom(seed);
  const n = diffs.length;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += diffs[Math.floor(random() * n)];
    means[r] = s / n;
  }
  return means.sort();
}
const interval = (sorted: Float64Array) => ({
  low: sorted[Math.floor(0.025 * sorted.length)],
  high: sorted[Math.floor(0.975 * sorted.length)],
});

/** C(n, k) p^k (1 − p)^(n − k) by the product formula, for small n. */
function binomialPmf(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}

describe('the binomial draw the histogram bootstrap is built on', () => {
  it('draws Bin(20, 0.3) with the exact probabilities', () => {
    const random = seededRandom(11);
    const draws = 200_000;
    const freq = new Array(21).fill(0);
    for (let i = 0; i < draws; i++) freq[binomialDraw(20, 0.3, random)]++;
    // Each frequency's standard error is at most √(0.25 / 200,000) ≈ 0.0011: 0.005 is over 4 of them.
    for (let k = 0; k <= 20; k++) expect(Math.abs(freq[k] / draws - binomialPmf(20, k, 0.3))).toBeLessThan(0.005);
  });

  it('has the mean n·p and variance n·p·(1 − p) at n = 50,000', () => {
    const random = seededRandom(12);
    const [n, p, draws] = [50_000, 0.37, 20_000];
    const xs = Array.from({ length: draws }, () => binomialDraw(n, p, random));
    const mean = xs.reduce((s, x) => s + x, 0) / draws;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws - 1);
    // Variance 11,655 (sd 108): the mean's standard error is 0.76, the variance's about 1 %.
    expect(Math.abs(mean - n * p)).toBeLessThan(4);
    expect(Math.abs(variance / (n * p * (1 - p)) - 1)).toBeLessThan(0.05);
  });

  it('gives the ends for p = 0 and p = 1', () => {
    const random = seededRandom(1);
    expect(binomialDraw(10, 0, random)).toBe(0);
    expect(binomialDraw(10, 1, random)).toBe(10);
    expect(binomialDraw(0, 0.5, random)).toBe(0);
  });
});

describe('the bootstrap on the histogram of differences agrees with the bootstrap pair by pair', () => {
  it('gives the exact interval of a small case, as the pair-wise bootstrap does', () => {
    // Differences −1, 0, 0, 1 (n = 4): the resampled mean's exact distribution, from all 4⁴ resamples,
    // has P(mean = −1) = (1/4)⁴ = 1/256 ≈ 0.004 and P(mean = −0.75) = 4 · (1/4)³ · (1/2) = 8/256, so
    // P(mean ≤ −0.75) = 9/256 ≈ 0.035: the 2.5 % quantile is −0.75, the 97.5 % quantile +0.75 by
    // symmetry. 20,000 resamples put both estimates there (the margins are over 7 standard errors).
    const diffs = [-1, 0, 0, 1];
    const got = pairedMeanDifference(diffs, { resamples: 20_000 })!;
    expect(got).toEqual({ mean: 0, low: -0.75, high: 0.75, n: 4 });
    expect(interval(pairwiseMeans(diffs, 20_000, BOOTSTRAP_SEED))).toEqual({ low: -0.75, high: 0.75 });
  });

  it('gives the same interval within its resampling error on 3,000 checkpoint-share differences', () => {
    // Differences of shares of three checkpoints (seven distinct values), skewed towards gains.
    const random = seededRandom(99);
    const values = [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1];
    const weights = [0.03, 0.05, 0.1, 0.45, 0.17, 0.12, 0.08];
    const diffs = Array.from({ length: 3000 }, () => {
      let u = random();
      let j = 0;
      while (j < weights.length - 1 && (u -= weights[j]) > 0) j++;
      return values[j];
    });
    const reference = interval(pairwiseMeans(diffs, 4000, 5));
    const got = pairedMeanDifferenceOfHistogram(histogramOf(diffs), { resamples: 4000 })!;
    // The mean's standard error is about 0.008; each quantile of 4,000 resamples is within about
    // 0.0008 of the truth, so the two intervals' ends lie within 0.003 of each other.
    expect(Math.abs(got.low - reference.low)).toBeLessThan(0.003);
    expect(Math.abs(got.high - reference.high)).toBeLessThan(0.003);
    expect(got.mean).toBeCloseTo(diffs.reduce((s, d) => s + d, 0) / diffs.length, 12);
  });

  it('is the same interval on every run: the seed fixes the draws', () => {
    const h = histogramOf([1, 0, 0, -1, 1, 1, 0, 0.5, -0.5, 1, 0, 0]);
    expect(pairedMeanDifferenceOfHistogram(h)).toEqual(pairedMeanDifferenceOfHistogram(h));
  });
});

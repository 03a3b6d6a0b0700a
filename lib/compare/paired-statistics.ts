/**
 * The paired tests of a two-arm comparison: McNemar on the discordant pairs, pass^k and a bootstrap
 * interval on a paired mean difference. Pass-rate intervals are the dashboard's Wilson interval, so
 * the same proportion reads the same everywhere. Small closed forms rather than a statistics library:
 * each is a few lines, tested against hand-computed values (tests/unit/paired-statistics.test.ts).
 */
export { wilsonInterval } from '@/lib/dashboard/wilson';

/** log(C(n, 0)), log(C(n, 1)), … log(C(n, upTo)) by the ratio C(n, i) / C(n, i − 1) = (n − i + 1) / i, exact in logs at any n. */
function logBinomials(n: number, upTo: number): number[] {
  const out = [0];
  for (let i = 1; i <= upTo; i++) out.push(out[i - 1] + Math.log(n - i + 1) - Math.log(i));
  return out;
}

/**
 * McNemar's exact test: the two-sided binomial p-value of `b` fail→pass against `c` pass→fail
 * discordant pairs under H0 p = ½, i.e. min(1, 2 · P(X ≤ min(b, c))) with X ~ Bin(b + c, ½).
 * Null without discordant pairs (nothing to test, not "p = 1").
 */
export function mcnemarExactP(b: number, c: number): number | null {
  const n = b + c;
  if (n === 0) return null;
  const k = Math.min(b, c);
  const logs = logBinomials(n, k).map((l) => l - n * Math.LN2);
  // Sum in log space: at n in the thousands 0.5^n underflows a double.
  const max = Math.max(...logs);
  const tail = Math.exp(max) * logs.reduce((s, l) => s + Math.exp(l - max), 0);
  return Math.min(1, 2 * tail);
}

/** McNemar's χ² (1 degree of freedom), uncorrected (b − c)² / (b + c) and with Edwards' continuity correction (|b − c| − 1)² / (b + c). */
export function mcnemarChiSquare(
  b: number,
  c: number,
): { uncorrected: number; corrected: number; pUncorrected: number; pCorrected: number } | null {
  const n = b + c;
  if (n === 0) return null;
  const uncorrected = (b - c) ** 2 / n;
  const corrected = Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return { uncorrected, corrected, pUncorrected: chiSquare1P(uncorrected), pCorrected: chiSquare1P(corrected) };
}

/** Upper tail of χ² with 1 degree of freedom: P(Χ² ≥ x) = erfc(√(x / 2)). */
export function chiSquare1P(x: number): number {
  return x <= 0 ? 1 : erfc(Math.sqrt(x / 2));
}

/** Complementary error function (Numerical Recipes' erfcc, relative error below 1.2e-7 everywhere). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** C(c, k) / C(n, k): the chance that k trials drawn without replacement from n, c of which passed, all pass. */
export function passAllOfK(c: number, n: number, k: number): number {
  if (k > n) return NaN;
  let p = 1;
  for (let i = 0; i < k; i++) p *= (c - i) / (n - i);
  return Math.max(0, p);
}

/**
 * pass^k by the unbiased estimator (τ-bench): the mean over tasks of C(c, k) / C(n, k), for k = 1 …
 * the fewest trials any task has (a task with fewer than k trials has no estimate, so k stops there).
 */
export function passHatK(tasks: { passed: number; trials: number }[]): { k: number; value: number }[] {
  const usable = tasks.filter((t) => t.trials > 0);
  if (!usable.length) return [];
  const kMax = Math.min(...usable.map((t) => t.trials));
  const out: { k: number; value: number }[] = [];
  for (let k = 1; k <= kMax; k++)
    out.push({ k, value: usable.reduce((s, t) => s + passAllOfK(t.passed, t.trials, k), 0) / usable.length });
  return out;
}

/** A small seeded generator (mulberry32): the same seed gives the same bootstrap interval on every run and machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20261206;

/** ln Γ(x) for x > 0: Stirling's series after shifting x past 10 (absolute error below 1e-12). */
function logGamma(x: number): number {
  let shift = 0;
  while (x < 10) shift -= Math.log(x++);
  const inv = 1 / x;
  const inv2 = inv * inv;
  return (
    shift + (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + inv * (1 / 12 - inv2 * (1 / 360 - inv2 / 1260))
  );
}

/**
 * One draw of Bin(n, p) by inversion, walking the support outwards from the mode (mode, mode − 1,
 * mode + 1, …): any order of the outcomes is a valid inversion, and this one stops after about 1.6
 * standard deviations' worth of steps on average, so a draw at n in the tens of thousands is a few
 * hundred multiplications, not n uniforms.
 */
export function binomialDraw(n: number, p: number, random: () => number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const atMode = Math.exp(
    logGamma(n + 1) - logGamma(mode + 1) - logGamma(n - mode + 1) + mode * Math.log(p) + (n - mode) * Math.log1p(-p),
  );
  const odds = p / (1 - p);
  let u = random() - atMode;
  if (u <= 0) return mode;
  let [lo, hi, pLo, pHi] = [mode, mode, atMode, atMode];
  while (lo > 0 || hi < n) {
    if (lo > 0) {
      pLo *= lo / ((n - lo + 1) * odds);
      lo--;
      if ((u -= pLo) <= 0) return lo;
    }
    if (hi < n) {
      pHi *= ((n - hi) / (hi + 1)) * odds;
      hi++;
      if ((u -= pHi) <= 0) return hi;
    }
  }
  // Only rounding leaves u above 0 after the whole support.
  return mode;
}

/** The distinct values of some differences and how often each occurs (the values ascending). */
export type DifferenceHistogram = { value: number; count: number }[];

export function histogramOf(diffs: number[]): DifferenceHistogram {
  const counts = new Map<number, number>();
  for (const d of diffs) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts.entries()].map(([value, count]) => ({ value, count })).sort((x, y) => x.value - y.value);
}

/**
 * The mean of paired differences with a percentile bootstrap interval (95 %), from the histogram of
 * the differences. Resampling n pairs with replacement draws how many times each distinct value is
 * picked from Multinomial(n, share of each value): the same distribution of resampled means as
 * picking pairs one by one, in O(resamples × distinct values) instead of O(resamples × n) — checkpoint
 * shares take a handful of distinct values, pairs tens of thousands. Each multinomial is a chain of
 * binomials (the count of one value, then of the next among the rest). Seeded, so a report printed
 * twice shows the same interval.
 */
export function pairedMeanDifferenceOfHistogram(
  histogram: DifferenceHistogram,
  opts: { resamples?: number; seed?: number; level?: number } = {},
): { mean: number; low: number; high: number; n: number } | null {
  const bins = histogram.filter((b) => b.count > 0);
  const n = bins.reduce((s, b) => s + b.count, 0);
  if (!n) return null;
  const resamples = opts.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = opts.level ?? 0.95;
  const random = seededRandom(opts.seed ?? BOOTSTRAP_SEED);
  const mean = bins.reduce((s, b) => s + b.value * b.count, 0) / n;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let left = n;
    let weightLeft = n;
    let s = 0;
    for (let j = 0; j < bins.length && left > 0; j++) {
      const picked = j === bins.length - 1 ? left : binomialDraw(left, bins[j].count / weightLeft, random);
      s += bins[j].value * picked;
      left -= picked;
      weightLeft -= bins[j].count;
    }
    means[r] = s / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))];
  return { mean, low: at((1 - level) / 2), high: at(1 - (1 - level) / 2), n };
}

/** pairedMeanDifferenceOfHistogram over a list of paired differences. */
export function pairedMeanDifference(
  diffs: number[],
  opts: { resamples?: number; seed?: number; level?: number } = {},
): { mean: number; low: number; high: number; n: number } | null {
  return pairedMeanDifferenceOfHistogram(histogramOf(diffs), opts);
}

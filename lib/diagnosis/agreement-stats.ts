/**
 * Inter-annotator agreement statistics (pure functions, tested against
 * hand-computed and published values):
 * - Cohen's kappa for two annotators on the items both rated;
 * - Krippendorff's alpha (nominal) for any number of annotators with missing
 *   ratings (the figure when more than two annotators rate);
 * - IoU of inclusive event ranges for "where did it go wrong".
 */

/** Cohen's kappa of paired labels; null when chance agreement is total (nothing to correct for). */
export function cohenKappa(pairs: [string, string][]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const a = new Map<string, number>();
  const b = new Map<string, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    if (x === y) agree++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, ca] of a) pe += (ca / n) * ((b.get(label) ?? 0) / n);
  if (pe === 1) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Krippendorff's alpha for nominal data. `units` holds each unit's values
 * (one per annotator who rated it); units with fewer than two values carry no
 * pairing information and are skipped, as the coefficient prescribes.
 * null when there is no disagreement to expect (a single label overall).
 */
export function krippendorffAlphaNominal(units: string[][]): number | null {
  const o = new Map<string, Map<string, number>>();
  const add = (c: string, k: string, w: number) => {
    const row = o.get(c) ?? new Map<string, number>();
    row.set(k, (row.get(k) ?? 0) + w);
    o.set(c, row);
  };
  for (const values of units) {
    const m = values.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) add(values[i], values[j], 1 / (m - 1));
  }
  const nc = new Map<string, number>();
  let n = 0;
  for (const [c, row] of o) {
    const sum = [...row.values()].reduce((s, v) => s + v, 0);
    nc.set(c, sum);
    n += sum;
  }
  if (n <= 1) return null;
  let observed = 0;
  for (const [c, row] of o) for (const [k, v] of row) if (c !== k) observed += v;
  let expected = 0;
  for (const [c, a] of nc) for (const [k, b] of nc) if (c !== k) expected += a * b;
  expected /= n - 1;
  if (expected === 0) return null;
  return 1 - observed / expected;
}

export type EventRange = { start: number; end: number };

/** Intersection over union of two inclusive event ranges (positions are whole events). */
export function rangeIoU(a: EventRange, b: EventRange): number {
  const inter = Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start) + 1);
  const union = a.end - a.start + 1 + (b.end - b.start + 1) - inter;
  return union === 0 ? 0 : inter / union;
}

export const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

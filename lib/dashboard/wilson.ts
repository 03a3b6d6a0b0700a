/**
 * Wilson score interval for a binomial proportion (95 % by default). Unlike
 * the normal approximation it stays inside [0, 1] and behaves at small n and
 * at 0 % / 100 %, which is exactly where card impact figures live.
 */
export function wilsonInterval(successes: number, n: number, z = 1.959964): { low: number; high: number } | null {
  if (!Number.isFinite(successes) || !Number.isFinite(n) || n <= 0 || successes < 0 || successes > n) return null;
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // The bounds are exactly 0 / 1 at 0 % / 100 %; pin them so rounding does not show 99.99…%.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
  };
}

export const rate = (passed: number, total: number): number | null => (total > 0 ? passed / total : null);

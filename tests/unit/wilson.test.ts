import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '@/lib/dashboard/wilson';

describe('Wilson score interval', () => {
  it('matches published values (95 %)', () => {
    // Reference values from the closed form (e.g. Newcombe 1998, Table I: 81/263 → 0.2553–0.3662).
    const a = wilsonInterval(81, 263)!;
    expect(a.low).toBeCloseTo(0.2553, 4);
    expect(a.high).toBeCloseTo(0.3662, 4);
    const b = wilsonInterval(15, 148)!;
    expect(b.low).toBeCloseTo(0.0624, 4);
    expect(b.high).toBeCloseTo(0.1605, 4);
  });

  it('stays inside [0, 1] at 0 % and 100 % and is not degenerate there', () => {
    const zero = wilsonInterval(0, 10)!;
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval(10, 10)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
  });

  it('narrows as n grows around the same proportion', () => {
    const small = wilsonInterval(5, 10)!;
    const big = wilsonInterval(500, 1000)!;
    expect(big.high - big.low).toBeLessThan(small.high - small.low);
    expect((big.low + big.high) / 2).toBeCloseTo(0.5, 6);
  });

  it('has no interval without observations or with impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(-1, 2)).toBeNull();
  });
});

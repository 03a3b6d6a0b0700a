import { describe, expect, it } from 'vitest';
import { cohenKappa, krippendorffAlphaNominal, rangeIoU } from '@/lib/diagnosis/agreement-stats';

const repeat = <T>(x: T, n: number): T[] => Array.from({ length: n }, () => x);

describe('agreement statistics against hand-computed values', () => {
  it("Cohen's kappa: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no gives po 0.7, pe 0.5, kappa 0.4", () => {
    const pairs: [string, string][] = [
      ...repeat<[string, string]>(['yes', 'yes'], 20),
      ...repeat<[string, string]>(['yes', 'no'], 5),
      ...repeat<[string, string]>(['no', 'yes'], 10),
      ...repeat<[string, string]>(['no', 'no'], 15),
    ];
    expect(cohenKappa(pairs)).toBeCloseTo(0.4, 10);
  });

  it("Cohen's kappa is 1 for perfect agreement, negative below chance, and null when only one label was ever used", () => {
    expect(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
        ['c', 'c'],
      ]),
    ).toBe(1);
    // po = 0, pe = 0.5 → (0 − 0.5) / (1 − 0.5) = −1.
    expect(
      cohenKappa([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toBeCloseTo(-1, 10);
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toBeNull();
  });

  it("Krippendorff's alpha (nominal) reproduces the published 4-coder, 12-unit example: 0.743", () => {
    // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", nominal example; '.' = missing.
    const coders = [
      '1 2 3 3 2 1 4 1 2 . . .',
      '1 2 3 3 2 2 4 1 2 5 . 3',
      '. 3 3 3 2 3 4 2 2 5 1 .',
      '1 2 3 3 2 4 4 1 2 5 1 .',
    ].map((r) => r.split(' '));
    const units = coders[0].map((_, u) => coders.map((c) => c[u]).filter((v) => v !== '.'));
    expect(krippendorffAlphaNominal(units)).toBeCloseTo(0.743, 3);
  });

  it("Krippendorff's alpha by hand: units [a,a], [a,b], [b,b] give 1 − (2/6)/(18/30) = 0.444", () => {
    // Coincidences: o(a,a)=2, o(a,b)=o(b,a)=1, o(b,b)=2; n_a = n_b = 3, n = 6.
    // Do = 2/6; De = (3·3 + 3·3)/(6·5) = 18/30; alpha = 1 − (2/6)/(18/30) = 1 − 0.5556 = 0.4444.
    expect(
      krippendorffAlphaNominal([
        ['a', 'a'],
        ['a', 'b'],
        ['b', 'b'],
      ]),
    ).toBeCloseTo(4 / 9, 10);
    expect(krippendorffAlphaNominal([['a'], ['b', 'b'], ['a', 'a']])).toBe(1);
    expect(krippendorffAlphaNominal([['a', 'a']])).toBeNull();
  });

  it('IoU of inclusive event ranges', () => {
    expect(rangeIoU({ start: 3, end: 5 }, { start: 3, end: 5 })).toBe(1);
    // {4,5} ∩ {5,6,7} = {5}; union {4..7} = 4 events.
    expect(rangeIoU({ start: 4, end: 5 }, { start: 5, end: 7 })).toBeCloseTo(0.25, 10);
    expect(rangeIoU({ start: 1, end: 2 }, { start: 6, end: 6 })).toBe(0);
  });
});

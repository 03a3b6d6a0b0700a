import { describe, expect, it } from 'vitest';
import { findMatches } from '@/lib/privacy/patterns';

describe('memoised privacy detection', () => {
  it('gives a repeated text the same findings, which no caller can alter for the next one', () => {
    const text = 'Call Mia Li at +49 151 23456789 about reservation ZFA04Y.';
    const first = findMatches(text);
    expect(first.map((m) => m.kind)).toEqual(expect.arrayContaining(['phone']));
    const again = findMatches(text);
    expect(again).toEqual(first);
    expect(() => ((again as unknown as { text: string }[])[0].text = 'changed')).toThrow(TypeError);
    expect(() => (again as unknown[]).pop()).toThrow(TypeError);
    expect(findMatches(text)).toEqual(first);
  });

  it('still detects in texts too long to remember', () => {
    const long = `${'economy '.repeat(400)} write to jane.doe@example.com`;
    expect(long.length).toBeGreaterThan(1000);
    expect(findMatches(long).map((m) => m.kind)).toContain('email');
  });
});

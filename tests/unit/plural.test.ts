import { describe, expect, it } from 'vitest';
import { nounFor, plural } from '@/lib/text/plural';

describe('a count with its noun in the right number', () => {
  it('says "1 task" for one and "tasks" for none, several or a fraction', () => {
    expect(plural(1, 'task')).toBe('1 task');
    expect(plural(0, 'task')).toBe('0 tasks');
    expect(plural(2, 'task')).toBe('2 tasks');
    expect(plural(1.5, 'task')).toBe('1.5 tasks');
  });

  it('uses the given plural of an irregular noun', () => {
    expect(plural(1, ['entry', 'entries'])).toBe('1 entry');
    expect(plural(3, ['entry', 'entries'])).toBe('3 entries');
    expect(plural(1, ['diagnosis', 'diagnoses'])).toBe('1 diagnosis');
    expect(plural(2, ['diagnosis', 'diagnoses'])).toBe('2 diagnoses');
  });

  it('groups thousands so large totals stay readable', () => {
    expect(plural(1204, ['entry', 'entries'])).toBe('1,204 entries');
    expect(plural(100000, 'trajectory run')).toBe('100,000 trajectory runs');
  });

  it('gives the bare noun form for sentences that print the count themselves', () => {
    expect(nounFor(1, 'matching event')).toBe('matching event');
    expect(nounFor(12, 'matching event')).toBe('matching events');
  });
});

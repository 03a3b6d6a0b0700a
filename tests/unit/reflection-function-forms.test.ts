import { describe, expect, it } from 'vitest';
import { valueForm } from '@/lib/reflection/function-aggregate';

describe('function-card value forms never quote scenario values', () => {
  it('describes an all-caps id or airport code by its key, without quoting it', () => {
    // τ²-bench reservation ids are six capital letters (no digit), airports three.
    expect(valueForm('SDZQKO', 'reservation_id')).not.toContain('SDZQKO');
    expect(valueForm('DTW', 'origin')).not.toContain('DTW');
    expect(valueForm(['SDZQKO'], 'reservation_ids')).not.toContain('SDZQKO');
  });

  it('keeps semantic enum words, which carry meaning rather than identity', () => {
    expect(valueForm('INBOX', 'folder')).toBe('enum word (e.g. INBOX)');
    expect(valueForm('economy', 'cabin')).toBe('lowercase keyword');
  });
});

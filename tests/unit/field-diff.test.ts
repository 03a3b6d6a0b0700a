import { describe, expect, it } from 'vitest';
import { changedFields, diffFields } from '@/lib/diff/field-diff';

describe('field diff', () => {
  it('walks nested card fields into dotted paths and diffs text word by word', () => {
    const changes = diffFields(
      { title: 'Ask first', skill: { core_rule: 'Ask before a write' } },
      { title: 'Ask first', skill: { core_rule: 'Ask before any irreversible write' } },
    );
    expect(changes.map((c) => [c.path, c.changed])).toEqual([
      ['title', false],
      ['skill.core_rule', true],
    ]);
    const rule = changes[1];
    if (rule.kind !== 'text') throw new Error('expected a text change');
    expect(rule.parts.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(['a']);
    expect(rule.parts.filter((p) => p.added).map((p) => p.value.trim()).join(' ')).toBe('any irreversible');
  });

  it('reports list items added, removed and changed', () => {
    const [list] = diffFields(
      { tags: ['refund', 'cancel flight', 'policy'] },
      { tags: ['refund', 'cancel the flight', 'baggage'] },
    );
    if (list.kind !== 'list') throw new Error('expected a list change');
    expect(list.items.map((i) => i.status)).toEqual(['same', 'changed', 'removed', 'added']);
    expect(list.changed).toBe(true);
  });

  it('treats a missing side as empty, so an ADD shows every field as new', () => {
    const changes = diffFields(null, { title: 'New', tags: ['a', 'b'] });
    expect(changedFields(changes).map((c) => c.path)).toEqual(['title', 'tags']);
    const tags = changes[1];
    expect(tags.kind === 'list' && tags.items.every((i) => i.status === 'added')).toBe(true);
  });

  it('compares numbers and booleans as values (expected vs actual call arguments)', () => {
    const changes = diffFields({ total_baggages: 1, insurance: 'no', nonfree: true }, { total_baggages: 0, insurance: 'no', nonfree: true });
    expect(changedFields(changes)).toEqual([{ path: 'total_baggages', kind: 'value', changed: true, before: 1, after: 0 }]);
  });

  it('finds no change between equal values', () => {
    const card = { title: 't', skill: { core_rule: 'r', recovery: ['x'] }, arguments: [{ name: 'id', meaning: 'm' }] };
    expect(changedFields(diffFields(card, structuredClone(card)))).toEqual([]);
  });
});

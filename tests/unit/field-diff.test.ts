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
    expect(
      rule.parts
        .filter((p) => p.added)
        .map((p) => p.value.trim())
        .join(' '),
    ).toBe('any irreversible');
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
    const changes = diffFields(
      { total_baggages: 1, insurance: 'no', nonfree: true },
      { total_baggages: 0, insurance: 'no', nonfree: true },
    );
    expect(changedFields(changes)).toEqual([
      { path: 'total_baggages', kind: 'value', changed: true, before: 1, after: 0 },
    ]);
  });

  it('finds no change between equal values', () => {
    const card = { title: 't', skill: { core_rule: 'r', recovery: ['x'] }, arguments: [{ name: 'id', meaning: 'm' }] };
    expect(changedFields(diffFields(card, structuredClone(card)))).toEqual([]);
  });

  it('ignores key order at every depth: the same object with its keys in another order is unchanged', () => {
    const before = {
      skill: { core_rule: 'r', when: 'w' },
      arguments: [{ name: 'id', meaning: 'm', extra: { a: 1, b: [1, { x: 1, y: 2 }] } }],
      call: { cabin: 'economy', total_baggages: 1 },
    };
    const after = {
      call: { total_baggages: 1, cabin: 'economy' },
      arguments: [{ extra: { b: [1, { y: 2, x: 1 }], a: 1 }, meaning: 'm', name: 'id' }],
      skill: { when: 'w', core_rule: 'r' },
    };
    const changes = diffFields(before, after);
    expect(changedFields(changes)).toEqual([]);
    const list = changes.find((c) => c.path === 'arguments');
    expect(list?.kind === 'list' && list.items.map((i) => i.status)).toEqual(['same']);
  });

  it('compares a list item object against a scalar by value, regardless of key order elsewhere', () => {
    expect(changedFields(diffFields({ v: { a: 1, b: 2 } }, { v: 3 })).map((c) => c.path)).toEqual(['v']);
    expect(changedFields(diffFields({ v: [{ a: 1, b: 2 }] }, { v: [{ b: 2, a: 1 }] }))).toEqual([]);
  });

  it('writes an edited list item in its earlier key order, so the word diff shows only the edited value', () => {
    const [list] = diffFields(
      { passengers: [{ first_name: 'Ana', last_name: 'Diaz', dob: '1990-01-01' }] },
      { passengers: [{ dob: '1990-01-02', last_name: 'Diaz', first_name: 'Ana' }] },
    );
    if (list.kind !== 'list') throw new Error('expected a list change');
    const [item] = list.items;
    if (item.status !== 'changed') throw new Error(`expected a changed item, got ${item.status}`);
    expect(item.after).toBe('first_name: Ana · last_name: Diaz · dob: 1990-01-02');
    expect(item.parts.filter((p) => p.removed || p.added).map((p) => p.value)).toEqual(['01', '02']);
  });
});

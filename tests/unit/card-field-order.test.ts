import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardFields } from '@/components/cards/card-fields';
import { fieldsOf } from '@/components/reviews/card-editor';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields } from '@/lib/diff/field-diff';
import { skillContent } from '../helpers/card-content';

/** Keys as PostgreSQL's jsonb returns them: shorter keys first, then byte order. */
function asJsonb(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asJsonb);
  if (!v || typeof v !== 'object') return v;
  const keys = Object.keys(v).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, asJsonb((v as Record<string, unknown>)[k])]));
}

const skill = asJsonb(
  skillContent({
    title: 'Confirm before changing a reservation',
    applies_when: 'The user asks to change a flight',
    solves: 'Changes the user did not agree to',
    tags: ['airline', 'confirm', 'change'],
    skill: {
      core_rule: 'Ask for an explicit yes first',
      completion_condition: ['The user said yes'],
      failure_contrast: [],
    },
  }),
);

const SKILL_ORDER = [
  'title',
  'applies_when',
  'solves',
  'tags',
  'skill.core_rule',
  'skill.completion_condition',
  'skill.success_contrast',
  'skill.failure_contrast',
  'skill.recovery',
  'skill.efficiency',
  'evidence.observed_feedback',
  'evidence.state_transition',
  'evidence.good_examples',
  'evidence.bad_examples',
  'functions_used',
];

const fieldPaths = (html: string) => [...html.matchAll(/data-field="([^"]+)"/g)].map((m) => m[1]);

describe('card fields in the order docs/architecture.md lists them, whatever order the database returns', () => {
  it('the stored content really comes back shuffled (the case being fixed)', () => {
    expect(Object.keys(skill as object)[0]).toBe('tags');
  });

  it('the card page and the proposal page list the title first, then trigger, solves, tags, the skill body and evidence', () => {
    expect(fieldPaths(renderToStaticMarkup(createElement(CardFields, { content: skill })))).toEqual(SKILL_ORDER);
  });

  it('the edit form starts with the title (where `e` puts the cursor)', () => {
    expect(fieldsOf(skill).map((f) => f.path)).toEqual(SKILL_ORDER);
  });

  it('field diffs (proposal, version and release diffs) follow the same order', () => {
    expect(diffFields(null, skill, { inOrder: inCardFieldOrder }).map((c) => c.path)).toEqual(SKILL_ORDER);
  });

  it('a function card starts with its tool, and each argument reads name, meaning, value form', () => {
    const fn = asJsonb({
      tool: 'airline.update_reservation_flights',
      app: 'airline',
      function: 'update_reservation_flights',
      what_it_does: 'Changes the flights of a reservation',
      arguments: [{ name: 'reservation_id', meaning: 'The reservation', value_form: 'six letters' }],
      returns: 'The reservation',
      usage_rules: [],
      common_mistakes: [],
      side_effects: [],
    });
    expect(fieldsOf(fn).map((f) => f.path)).toEqual([
      'tool',
      'app',
      'function',
      'what_it_does',
      'arguments',
      'returns',
      'usage_rules',
      'common_mistakes',
      'side_effects',
    ]);
    expect(
      fieldsOf(fn)
        .find((f) => f.path === 'arguments')!
        .value.replace(/\s+/g, ''),
    ).toBe('[{"name":"reservation_id","meaning":"Thereservation","value_form":"sixletters"}]');
  });

  it('keeps fields a schema does not know after the known ones, and leaves other objects alone', () => {
    expect(
      fieldsOf({ zz: 'extra', ...(skill as object) })
        .map((f) => f.path)
        .slice(-2),
    ).toEqual(['functions_used', 'zz']);
    expect(diffFields({ b: 1, a: 2 }, { b: 1, a: 3 }, { inOrder: inCardFieldOrder }).map((c) => c.path)).toEqual([
      'b',
      'a',
    ]);
  });
});

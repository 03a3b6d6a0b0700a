import { describe, expect, it } from 'vitest';
import { skillCardSchema } from '@/lib/cards/card-schemas';
import { fieldLabel } from '@/lib/reflection/schema-issue-text';
import { schemaIssues } from '@/lib/reflection/validate-card';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';

const card = DEMO_SKILL_CARDS[0].versions[0];
const issuesOf = (value: unknown) => {
  const parsed = skillCardSchema.safeParse(value);
  if (parsed.success) throw new Error('expected the card to fail the schema');
  return schemaIssues(parsed.error);
};

describe('schema issues as a reviewer reads them', () => {
  it('says a cleared or missing field is required, not the schema library’s "Too small: expected string…"', () => {
    expect(issuesOf({ ...card, title: '' })).toEqual([{ rule: 'schema', path: 'title', message: 'required' }]);
    const { solves: _s, ...withoutSolves } = card;
    expect(issuesOf(withoutSolves)).toEqual([{ rule: 'schema', path: 'solves', message: 'required' }]);
  });

  it('names list and length limits in words', () => {
    expect(issuesOf({ ...card, tags: ['one'] })).toEqual([
      { rule: 'schema', path: 'tags', message: 'needs at least 3 items' },
    ]);
    expect(issuesOf({ ...card, title: 'x'.repeat(121) })).toEqual([
      { rule: 'schema', path: 'title', message: 'at most 120 characters' },
    ]);
    expect(issuesOf({ ...card, tags: 'mail' })[0].message).toBe('must be a list');
  });

  it('keeps the card schema’s own wording', () => {
    expect(issuesOf({ ...card, tags: ['mail', 'search', 'Bad Tag'] })[0]).toMatchObject({
      path: 'tags.2',
      message: 'tags are lowercase keywords',
    });
  });

  it('labels a field path for the form: "Title", "Core rule", "Tags item 3"', () => {
    expect(fieldLabel('title')).toBe('Title');
    expect(fieldLabel('skill.core_rule')).toBe('Core rule');
    expect(fieldLabel('tags.2')).toBe('Tags item 3');
    expect(fieldLabel('functions_used[0]')).toBe('Functions used item 1');
    expect(fieldLabel('(root)')).toBe('Card');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReleaseDiffList } from '@/components/releases/release-diff-panel';
import type { ReleaseDiff } from '@/lib/releases/diff-releases';
import { releaseToCompareWith } from '@/lib/releases/read-release';

const RLO = '\u202E';
const card = (title: string, key: string) => ({
  key,
  kind: 'SKILL' as const,
  ability: 'airline',
  title,
  version: 2,
  versionId: `v-${key}`,
});

describe('the release page diff', () => {
  it('shows bidi controls in the titles and keys of added, removed and changed cards as markers', () => {
    const diff: ReleaseDiff = {
      from: 'r1',
      to: 'r2',
      added: [card(`Added ${RLO}eltit`, 'skill::skill_a1')],
      removed: [card(`Removed ${RLO}eltit`, `skill::skill_${RLO}b2`)],
      changed: [{ ...card(`Changed ${RLO}eltit`, 'skill::skill_c3'), fromVersion: 1, changes: [] }],
      unchanged: 0,
    };
    const html = renderToStaticMarkup(createElement(ReleaseDiffList, { diff }));
    expect(html).not.toContain(RLO);
    for (const t of ['Added', 'Removed', 'Changed']) expect(html).toContain(`${t} ⟨U+202E⟩eltit`);
    expect(html).toContain('skill::skill_⟨U+202E⟩b2');
  });

  it('compares a release with the one frozen just before it, and the oldest with the one after it', () => {
    const newestFirst = [{ name: 'r3' }, { name: 'r2' }, { name: 'r1' }];
    expect(releaseToCompareWith(newestFirst, 'r3')).toBe('r2');
    expect(releaseToCompareWith(newestFirst, 'r2')).toBe('r1');
    expect(releaseToCompareWith(newestFirst, 'r1')).toBe('r2');
    expect(releaseToCompareWith([{ name: 'r1' }], 'r1')).toBeUndefined();
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { SelectField } from '@/components/ui/field';
import { diffFields } from '@/lib/diff/field-diff';

const RLO = '\u202E';

describe('bidi controls in diffs and drop-down options show as markers', () => {
  it('a card diff: changed words, whole list items and plain values', () => {
    const before = { title: 'Pay first', skill: { recovery: [`old ${RLO}meti`] }, confidence: 1 };
    const after = {
      title: `Pay ${RLO}tsrif`,
      skill: { recovery: [`new ${RLO}meti`, `added ${RLO}eno`] },
      confidence: `high ${RLO}x`,
    };
    const html = renderToStaticMarkup(createElement(FieldDiffView, { changes: diffFields(before, after) }));
    expect(html).not.toContain(RLO);
    for (const shown of ['⟨U+202E⟩tsrif', '⟨U+202E⟩eno', 'high ⟨U+202E⟩x']) expect(html).toContain(shown);
  });

  it('an option label (an imported model name) in a filter', () => {
    const html = renderToStaticMarkup(
      createElement(SelectField, { label: 'Model', options: [['m', `gpt-${RLO}o4`]], defaultValue: 'm' }),
    );
    expect(html).not.toContain(RLO);
    expect(html).toContain('gpt-⟨U+202E⟩o4');
  });
});

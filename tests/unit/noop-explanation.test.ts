import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoopExplanation } from '@/components/reviews/noop-explanation';
import { recordedSimilarity } from '@/lib/review/noop-explanation';

const render = (noop: Parameters<typeof NoopExplanation>[0]['noop']) =>
  renderToStaticMarkup(createElement(NoopExplanation, { noop }));

describe('the NOOP explanation on the proposal page', () => {
  it('says no change is proposed and why, links the card it refers to, and shows the recorded similarity', () => {
    const html = render({
      reason: 'Near-duplicate of skill::skill_ab12 (BM25 similarity 0.93)',
      similarity: 0.93,
      cards: [
        {
          cardId: 'c1',
          key: 'skill::skill_ab12',
          title: 'Paginate search results',
          status: 'ACTIVE',
          currentNumber: 3,
          deltaDiff: [],
        },
      ],
    });
    expect(html).toContain('No change proposed:');
    expect(html).toContain('Near-duplicate of skill::skill_ab12');
    expect(html).toContain('href="/cards/skill%3A%3Askill_ab12"');
    expect(html).toContain('Paginate search results');
    expect(html.replace(/<!-- -->/g, '')).toContain('now v3 · active');
    expect(html).toContain('0.93');
    expect(html).toContain('The delta says nothing this card does not.');
  });

  it('shows imported text with its bidi controls revealed, and says when no card was named', () => {
    const html = render({ reason: 'weak evidence \u202Egnorw', similarity: null, cards: [] });
    expect(html).toContain('⟨U+202E⟩');
    expect(html).not.toContain('\u202E');
    expect(html).toContain('The curator named no existing card.');
    expect(html).not.toContain('Similarity recorded');
  });

  it('reads the similarity the offline curator writes, and nothing from a reason without one', () => {
    expect(recordedSimilarity('Near-duplicate of skill::skill_1 (BM25 similarity 1.00)')).toBe(1);
    expect(recordedSimilarity('Close to skill::skill_1 (similarity 0.42) and adds nothing new')).toBe(0.42);
    expect(recordedSimilarity('The observed calls add nothing to the current card of mail.search')).toBeNull();
  });
});

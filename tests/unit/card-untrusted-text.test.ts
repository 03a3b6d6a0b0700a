import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardFields } from '@/components/cards/card-fields';
import { ProvenanceChain } from '@/components/cards/provenance-chain';
import type { ProposalProvenance } from '@/lib/cards/provenance';

const RLO = '\u202E';
/** Every imported string appears with its bidi control revealed, inside an isolating <bdi>, and no raw control is left. */
function expectRevealed(html: string, texts: string[]) {
  expect(html).not.toContain(RLO);
  for (const t of texts) expect(html).toContain(`<bdi class="wrap-anywhere">${t.replace(RLO, '⟨U+202E⟩')}</bdi>`);
}

describe('imported and LLM text on the card pages', () => {
  it('card fields: titles, triggers and list items show bidi controls as markers, isolated', () => {
    const title = `Pay ${RLO}txet`;
    const trigger = `When ${RLO}sgniht`;
    const item = `retry ${RLO}ecno`;
    const html = renderToStaticMarkup(
      createElement(CardFields, { content: { title, applies_when: trigger, skill: { recovery: [item] } } }),
    );
    expectRevealed(html, [title, trigger, item]);
  });

  it('provenance: the curator reason, delta title, model names and task ids', () => {
    const model = `model-${RLO}x`;
    const task = `airline/${RLO}16`;
    const provenance: ProposalProvenance = {
      proposal: {
        id: 'p',
        operation: 'PATCH_CARD',
        status: 'APPROVED',
        reason: `because ${RLO}sdrow`,
        createdAt: '2026-01-01T00:00:00Z',
        href: '/reviews/p',
        source: 'CURATOR',
      },
      writtenFrom: null,
      words: [],
      delta: { id: 'd', index: 0, content: { title: `Delta ${RLO}title` }, href: '/runs/r' },
      run: {
        id: 'r',
        kind: 'REFLECTION',
        provider: 'OPENAI',
        model,
        promptVersion: 'v1',
        promptHash: null,
        createdAt: '2026-01-01T00:00:00Z',
        task: { id: 't', benchmark: 'tau2', externalId: task, href: '/tasks/t' },
        href: '/runs/r',
        packetHref: '/runs/r/packet',
      },
      diagnoses: [],
      diagnosesScope: 'run',
      trajectories: [{ id: 'tr', externalId: 'x', model, passed: false, href: '/trajectories/tr' }],
    };
    const html = renderToStaticMarkup(createElement(ProvenanceChain, { provenance }));
    expectRevealed(html, [`because ${RLO}sdrow`, `Delta ${RLO}title`, model, task]);
  });
});

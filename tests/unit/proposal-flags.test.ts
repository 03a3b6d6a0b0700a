import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProposalFlags } from '@/components/reviews/proposal-badges';

type Flags = Parameters<typeof ProposalFlags>[0];
const flags = (props: Flags) => renderToStaticMarkup(createElement(ProposalFlags, props));
const count = (html: string, text: string) => html.split(`>${text}</span>`).length - 1;

describe('the flags of one proposal in the inbox and on its page', () => {
  it('says "invalid" once for a proposal that failed validation, whether or not its status is shown', () => {
    expect(count(flags({ status: 'INVALID', showStatus: true, stale: false, valid: false }), 'invalid')).toBe(1);
    expect(count(flags({ status: 'INVALID', showStatus: false, stale: false, valid: false }), 'invalid')).toBe(1);
  });

  it('keeps the invalid flag next to another status, so a rejected invalid proposal still says why', () => {
    const html = flags({ status: 'REJECTED', showStatus: true, stale: true, valid: false });
    expect(count(html, 'rejected')).toBe(1);
    expect(count(html, 'stale')).toBe(1);
    expect(count(html, 'invalid')).toBe(1);
  });

  it('shows no invalid flag for a valid proposal', () => {
    expect(count(flags({ status: 'PENDING', showStatus: true, stale: false, valid: true }), 'invalid')).toBe(0);
  });
});

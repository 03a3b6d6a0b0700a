import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SlantedTick } from '@/components/dashboard/chart-kit';

const tick = (value: string) =>
  renderToStaticMarkup(createElement('svg', null, createElement(SlantedTick, { x: 10, y: 20, payload: { value } })));

describe("a bar chart's axis label", () => {
  it('cuts a long name in the middle, so names of one vendor stay apart, with the full name on hover', () => {
    const out = tick('vendor-acme/a-rather-long-model-name-7');
    expect(out).toContain('<title>vendor-acme/a-rather-long-model-name-7</title>vendor-a…-name-7</text>');
    expect(out).toContain('data-full="vendor-acme/a-rather-long-model-name-7"');
  });

  it('keeps a short name whole', () => {
    expect(tick('gpt-4o')).toContain('<title>gpt-4o</title>gpt-4o</text>');
  });
});

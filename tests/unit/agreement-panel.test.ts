import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AgreementPanel } from '@/components/agreement/agreement-panel';
import type { AgreementFigures } from '@/lib/diagnosis/agreement-report';

const FIGURES: AgreementFigures = {
  units: 4,
  ratings: 8,
  annotators: 2,
  alpha: 0.5,
  kappa: 0.4,
  agreement: 0.75,
  iou: 0.6,
  iouN: 3,
  pairs: [
    { a: 'u1', b: 'u2', aName: 'Ann', bName: '<i>Bob</i>', n: 4, kappa: 0.4, agreement: 0.75, iou: 0.6, iouN: 3 },
  ],
  categories: [
    { categoryId: 'c1', label: 'Wrong tool', n: 5, alpha: 0.25 },
    { categoryId: null, label: 'Uncategorised', n: 3, alpha: null },
  ],
  truncated: false,
};
const html = () =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(AgreementPanel, { initial: FIGURES }),
    ),
  );
const table = (out: string, name: string) => out.slice(out.indexOf(`aria-label="${name}"`)).split('</table>')[0];

describe('the agreement panel tables', () => {
  it('names each table and gives it a caption, a header per column and a row per pair or category', () => {
    const out = html();
    const pairs = table(out, 'Agreement per annotator pair');
    expect(pairs).toContain('<caption');
    expect(pairs.match(/<th scope="col"/g)).toHaveLength(5);
    expect(pairs).toContain('Ann × &lt;i&gt;Bob&lt;/i&gt;');
    expect(pairs).toContain('0.60 (3)');
    const categories = table(out, 'Agreement per category');
    expect(categories.match(/<tr/g)).toHaveLength(3);
    expect(categories).toContain('Uncategorised');
    expect(categories).toContain('—');
  });

  it('keeps the Greek letters of the upper-cased headers in their own case (κ and α, not K and A)', () => {
    const out = html();
    expect(table(out, 'Agreement per annotator pair')).toContain('Cohen&#x27;s <span class="normal-case">κ</span>');
    expect(table(out, 'Agreement per category')).toContain('<span class="normal-case">α</span> (this vs. other)');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '@/components/shell/console-error';

const render = (error: Error & { digest?: string }) =>
  renderToStaticMarkup(createElement(ConsoleError, { error, retry: () => undefined }));

describe('the error state of a console page', () => {
  it('says the page could not be loaded, offers Try again, and gives the digest that matches the server log', () => {
    const html = render(
      Object.assign(new Error('An error occurred in the Server Components render.'), { digest: '1234567' }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('This page could not be loaded');
    expect(html).toContain('>Try again</button>');
    expect(html).toContain('Reference: 1234567');
  });

  it('shows no reference line when the error has no digest (a client-side failure)', () => {
    expect(render(new Error('boom'))).not.toContain('Reference:');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useServerList, type ServerListOptions } from '@/components/ui/use-server-list';
import type { Page } from '@/lib/http/pagination';

const nav = vi.hoisted(() => ({ search: 'q=fare', pushed: [] as string[] }));
vi.mock('next/navigation', async (orig) => ({
  ...(await orig<typeof import('next/navigation')>()),
  useRouter: () => ({ push: (href: string) => nav.pushed.push(href), replace: () => undefined }),
  useSearchParams: () => new URLSearchParams(nav.search),
  usePathname: () => '/cards',
}));

type Row = { id: string };
type RowsPage = Page<Row> & { cursors: { after: string | null; before: string | null } };
const INITIAL: RowsPage = {
  items: [{ id: 'server-row' }],
  total: 60,
  page: 1,
  pageSize: 25,
  pageCount: 3,
  cursors: { after: 'c1', before: null },
};

/** Renders a list on the hook once (no effects, no fetch: the server render) and hands back what the hook returned. */
function render(options: Partial<ServerListOptions<RowsPage>>) {
  let got: ReturnType<typeof useServerList<RowsPage>> | undefined;
  function List() {
    got = useServerList<RowsPage>({ key: ['rows'], endpoint: '/api/rows', ...options });
    return createElement('p', null, got.data ? got.data.items.map((r) => r.id).join(',') : 'loading');
  }
  const client = new QueryClient();
  const html = renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(List)));
  return { html, got: got!, client };
}

beforeEach(() => {
  nav.search = 'q=fare';
  nav.pushed = [];
  vi.stubGlobal('window', { location: { search: `?${nav.search}` } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the list hook: URL filters, the server-rendered page, the previous page kept', () => {
  it('shows the page the server rendered while the URL asks for the query it was rendered for', () => {
    const { html, got, client } = render({ initial: INITIAL, initialQuery: 'q=fare' });
    expect(html).toContain('server-row');
    expect(got.value('q')).toBe('fare');
    expect(got.value('kind')).toBe('');
    // Keyed by the API query under the list's key: invalidating ['rows'] reaches every page.
    expect(client.getQueryData(['rows', 'q=fare'])).toBe(INITIAL);
  });

  it('does not show the server page for another query (a filter changed since): it loads that one', () => {
    expect(render({ initial: INITIAL, initialQuery: 'q=other' }).html).toContain('loading');
  });

  it('asks the API for the query a list derives from the URL', () => {
    const { client } = render({
      initial: INITIAL,
      initialQuery: 'page=1&pageSize=20',
      apiQuery: (p) => `page=${Number(p.get('page') ?? 1)}&pageSize=20`,
    });
    expect(client.getQueryData(['rows', 'page=1&pageSize=20'])).toBe(INITIAL);
  });

  it("steps the pager with the page's cursors in the URL, filters kept", () => {
    const { got } = render({ initial: INITIAL, initialQuery: 'q=fare' });
    got.toPage(2);
    expect(nav.pushed).toEqual(['/cards?q=fare&page=2&after=c1']);
  });
});

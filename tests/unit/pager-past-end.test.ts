import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPagedTable } from '@/components/ui/link-paged-table';
import { numberedPageHrefs } from '@/components/ui/link-pager-hrefs';
import { Pager } from '@/components/ui/pager';
import { filtersInForce } from '@/components/ui/url-filter-query';
import type { Page } from '@/lib/http/pagination';

type Row = { id: string; name: string };
const page = (over: Partial<Page<Row>>): Page<Row> => ({
  items: [],
  total: 5533,
  page: 9999,
  pageSize: 50,
  pageCount: 111,
  ...over,
});
const pager = (p: Page<Row>) => renderToStaticMarkup(createElement(Pager, { of: p, noun: 'card', onPage: () => {} }));
const table = (p: Page<Row>) =>
  renderToStaticMarkup(
    createElement(LinkPagedTable<Row>, {
      page: p,
      params: { actorId: 'u1', page: String(p.page) },
      pager: { label: 'Audit pages', noun: ['entry', 'entries'], path: '/admin/audit' },
      columns: [{ header: 'Name', cell: (r: Row) => r.name }],
      empty: createElement(EmptyState, { title: 'No audit entry matches' }),
    }),
  );

describe('a list page past its end', () => {
  it('says the page is past the end and offers the last page, never "page 9999 of 111" with an empty list', () => {
    const out = pager(page({}));
    expect(out).toContain('Page 9,999 is past the end of this list: it has 5,533 cards, on 111 pages.');
    expect(out).toContain('Go to the last page (111)');
    expect(out).not.toContain('of 111 ·');
  });

  it('links a server-paged list to its last page with its filters, instead of its "no match" state', () => {
    const out = table(page({}));
    expect(out).toContain('Page 9,999 is past the end of this list: it has 5,533 entries, on 111 pages.');
    expect(out).toMatch(/href="\/admin\/audit\?actorId=u1&amp;page=111"[^>]*>Go to the last page \(111\)</);
    expect(out).not.toContain('No audit entry matches');
  });

  it('names a cursor page that emptied as changed, and offers the first page of a one-page list', () => {
    expect(pager(page({ page: 3, pageCount: 3, total: 120 }))).toContain(
      'Page 3 has nothing any more (the list changed): it has 120 cards, on 3 pages.',
    );
    expect(pager(page({ page: 4, pageCount: 1, total: 7 }))).toContain('Go to the first page');
  });

  it('keeps the list’s own empty state when it has no rows at all, and the plain pager on a page with rows', () => {
    expect(table(page({ total: 0, pageCount: 1, page: 3 }))).toContain('No audit entry matches');
    expect(table(page({ total: 0, pageCount: 1, page: 3 }))).not.toContain('past the end');
    const onPage = table(page({ items: [{ id: 'a', name: 'A' }], page: 2, pageCount: 3, total: 101 }));
    expect(onPage).toContain('101 entries · page 2 of 3');
    expect(onPage).not.toContain('past the end');
  });
});

describe('a list whose total is an estimate (the audit log past 10,000 entries)', () => {
  const estimated = (over: Partial<Page<Row>>) => page({ estimated: true, total: 301_234, pageCount: 6_025, ...over });

  it('says "about" before the count and the page count, on the pager and on its past-end notice', () => {
    const onPage = table(estimated({ items: [{ id: 'a', name: 'A' }], page: 2 }));
    expect(onPage).toContain('About 301,234 entries · page 2 of about 6,025');
    expect(table(estimated({ page: 9_999 }))).toContain(
      'Page 9,999 is past the end of this list: it has about 301,234 entries, on about 6,025 pages.',
    );
    expect(pager(estimated({ items: [{ id: 'a', name: 'A' }], page: 2 }))).toContain(
      'Page 2 of about 6,025 · about 301,234 cards',
    );
  });

  it('says no "about" before an exact count', () => {
    expect(table(page({ items: [{ id: 'a', name: 'A' }], page: 2 }))).not.toMatch(/about/i);
  });
});

describe('pager links and filters of a list', () => {
  it('keeps the other parameters and drops page for page 1', () => {
    expect(numberedPageHrefs('/search', { q: 'fare', page: '2' }, { page: 2, pageCount: 3 })).toEqual({
      previous: '/search?q=fare',
      next: '/search?q=fare&page=3',
      last: '/search?q=fare&page=3',
    });
    expect(numberedPageHrefs('/x', {}, { page: 1, pageCount: 1 })).toEqual({ previous: null, next: null, last: '/x' });
  });

  it('tells a narrowed list from an unfiltered one: position, defaults and order do not count', () => {
    expect(
      filtersInForce(new URLSearchParams('page=3&after=x&status=ACTIVE&sort=title'), { status: 'ACTIVE', sort: null }),
    ).toBe(false);
    expect(filtersInForce(new URLSearchParams('status=all'), { status: 'ACTIVE', sort: null })).toBe(true);
    expect(filtersInForce(new URLSearchParams('q=fare&page=2'))).toBe(true);
  });
});

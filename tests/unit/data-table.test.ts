import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, groupConsecutive, type ColumnDef, type DataTableProps } from '@/components/ui/data-table';
import { IssueList } from '@/components/ui/issue-list';

type Row = { id: string; name: string; n: number };
const COLUMNS: ColumnDef<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Count', numeric: true, cell: (r) => r.n },
];
const ROWS: Row[] = [
  { id: 'a', name: 'alpha', n: 1 },
  { id: 'b', name: 'beta', n: 2 },
];
const html = (props: Partial<DataTableProps<Row>>) =>
  renderToStaticMarkup(createElement(DataTable<Row>, { columns: COLUMNS, ...props }));

describe('the shared list table', () => {
  it('says it is loading while there are no rows yet, and renders no table', () => {
    const out = html({ rows: undefined, loading: 'Loading cards…' });
    expect(out).toContain('Loading cards…');
    expect(out).not.toContain('<table');
  });

  it('shows the empty state instead of an empty table when nothing matches', () => {
    const out = html({ rows: [], empty: createElement('p', null, 'No card matches') });
    expect(out).toContain('No card matches');
    expect(out).not.toContain('<table');
  });

  it('keeps showing the rows it has when a refetch fails, with the error above them', () => {
    const out = html({ rows: ROWS, error: new Error('The server is down') });
    expect(out).toContain('role="alert"');
    expect(out.indexOf('The server is down')).toBeLessThan(out.indexOf('<table'));
    expect(out).toContain('alpha');
  });

  it('renders one column header per column and one cell per column in every row, numbers right-aligned', () => {
    const out = html({ rows: ROWS, label: 'Things' });
    expect(out).toContain('aria-label="Things"');
    expect(out.match(/<th scope="col"/g)).toHaveLength(2);
    expect(out.match(/<tr/g)).toHaveLength(3);
    expect(out).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">2<\/td>/);
  });

  it('marks the keyboard-selected row (aria-selected, data-row-index) and only that one', () => {
    const out = html({ rows: ROWS, selection: { index: 1, onSelect: () => undefined } });
    expect(out).toContain('data-row-index="0" aria-selected="false"');
    expect(out).toContain('data-row-index="1" aria-selected="true"');
    expect(out.match(/outline-indigo-400/g)).toHaveLength(1);
  });

  it('passes a row its own test hooks and keeps both its class and the selection class', () => {
    const out = html({
      rows: ROWS,
      rowProps: (r) => ({ 'data-card-key': r.id, className: 'text-slate-400' }),
      selection: { index: 0, onSelect: () => undefined },
    });
    expect(out).toContain('data-card-key="a"');
    expect(out).toMatch(/class="bg-indigo-50\/70[^"]*text-slate-400"/);
  });

  it('gives every cell of a column the attributes the column asks for (a test hook, a tooltip over the whole cell)', () => {
    const out = html({
      columns: [
        ...COLUMNS,
        { header: 'Who', cellProps: (r) => ({ 'data-testid': 'who', title: `by ${r.name}` }), cell: () => 'x' },
      ],
      rows: ROWS,
    });
    expect(out.match(/<td data-testid="who" title="by (alpha|beta)" class="px-3 py-2">x<\/td>/g)).toHaveLength(2);
  });

  it('renders groups as one body each, under a heading row that spans every column', () => {
    const out = html({
      groups: [
        { key: 'x', heading: 'Line 3', rows: ROWS },
        { key: 'x', heading: 'Line 9', rows: [ROWS[0]] },
      ],
      groupTestIds: { group: 'g', heading: 'h' },
    });
    expect(out.match(/<tbody[^>]*data-testid="g"/g)).toHaveLength(2);
    expect(out).toContain('<th colSpan="2" scope="rowgroup" data-testid="h"');
    expect(out.match(/<td/g)).toHaveLength(6);
  });
});

describe('grouping consecutive items', () => {
  it('puts neighbours with the same key together and keeps the order', () => {
    expect(groupConsecutive([1, 1, 2, 2, 2, 3], String)).toEqual([
      { key: '1', items: [1, 1] },
      { key: '2', items: [2, 2, 2] },
      { key: '3', items: [3] },
    ]);
  });

  it('starts a new group when a key comes back after another one (the file order is kept, not sorted)', () => {
    expect(groupConsecutive(['a', 'b', 'a'], (x) => x).map((g) => g.key)).toEqual(['a', 'b', 'a']);
  });

  it('gives no group for no items', () => {
    expect(groupConsecutive([], String)).toEqual([]);
  });
});

describe('the issue list of validation and import problems', () => {
  it('renders kind, field and message as text, never as HTML', () => {
    const out = renderToStaticMarkup(
      createElement(IssueList, {
        headers: ['Rule', 'Message'],
        issues: [{ kind: 'size', field: 'content', message: '<b>too long</b>' }],
      }),
    );
    expect(out).toContain('&lt;b&gt;too long&lt;/b&gt;');
    expect(out).toContain('>Rule</th>');
    expect(out).toContain('>Field</th>');
  });

  it('colours warnings apart from errors', () => {
    const out = renderToStaticMarkup(
      createElement(IssueList, {
        headers: ['Kind', 'Reason'],
        issues: [
          { kind: 'warning', field: null, message: 'odd', tone: 'warning' },
          { kind: 'invalid', field: 'x', message: 'bad' },
        ],
      }),
    );
    expect(out.match(/text-amber-800/g)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { pageChange, patchedQuery, queryToChange } from '@/components/ui/url-filter-query';

describe('a list URL after a filter or page change', () => {
  it('sets and removes filters, keeping the others in their order', () => {
    expect(patchedQuery('model=a&benchmark=b', { patch: { benchmark: 'c', taskId: 'x' } })).toBe(
      'model=a&benchmark=c&taskId=x',
    );
    expect(patchedQuery('model=a&benchmark=b', { patch: { model: null, benchmark: '' } })).toBe('');
  });

  it('goes back to page 1 on a filter change: a numbered page or a keyset position belongs to the old list', () => {
    expect(patchedQuery('model=a&page=3&after=abc', { patch: { benchmark: 'b' } })).toBe('model=a&benchmark=b');
    expect(patchedQuery('model=a&page=3&before=abc', { patch: { model: 'z' } })).toBe('model=z');
  });

  it('keeps the position for the pager’s own change', () => {
    expect(patchedQuery('model=a', { patch: { page: '2', after: 'cur', before: null }, keepPage: true })).toBe(
      'model=a&page=2&after=cur',
    );
  });

  it('drops the queue’s "nothing left" note with any change', () => {
    expect(patchedQuery('model=a&done=1', { patch: { benchmark: 'b' } })).toBe('model=a&benchmark=b');
  });
});

describe('the query a change builds on', () => {
  it('is the URL when no change is on its way', () => {
    expect(queryToChange(null, 'model=a')).toBe('model=a');
  });

  it('is the change on its way while the URL still shows the query it was made on (a text applied on blur, then a select)', () => {
    const asked = { from: 'model=a', query: 'model=a&checkpointKey=db' };
    expect(queryToChange(asked, 'model=a')).toBe('model=a&checkpointKey=db');
    expect(patchedQuery(queryToChange(asked, 'model=a'), { patch: { benchmark: 'b' } })).toBe(
      'model=a&checkpointKey=db&benchmark=b',
    );
  });

  it('is the URL once it moved elsewhere (the change arrived, or Back/Forward went to another entry)', () => {
    const asked = { from: 'model=a', query: 'model=a&checkpointKey=db' };
    expect(queryToChange(asked, 'model=a&checkpointKey=db')).toBe('model=a&checkpointKey=db');
    expect(queryToChange(asked, 'benchmark=x')).toBe('benchmark=x');
  });
});

describe('a pager’s step in a keyset-paged list', () => {
  const at2 = { page: 2, cursors: { after: 'A2', before: 'B2' } };

  it('carries the page’s after cursor forward and its before cursor back', () => {
    expect(pageChange(3, at2)).toEqual({ page: '3', after: 'A2', before: null });
    expect(pageChange(2, { page: 3, cursors: { after: 'A3', before: 'B3' } })).toEqual({
      page: '2',
      after: null,
      before: 'B3',
    });
  });

  it('drops the position for page 1, so its URL is the bare filtered list', () => {
    expect(pageChange(1, at2)).toEqual({ page: null, after: null, before: null });
    expect(patchedQuery('status=FAILED&page=2&after=A1', { patch: pageChange(1, at2), keepPage: true })).toBe(
      'status=FAILED',
    );
  });

  it('steps a numbered list (no cursors) by its page number alone', () => {
    expect(patchedQuery('status=all', { patch: pageChange(2, { page: 1 }), keepPage: true })).toBe('status=all&page=2');
    expect(patchedQuery('release=current&page=3', { patch: pageChange(2, { page: 3 }), keepPage: true })).toBe(
      'release=current&page=2',
    );
  });
});

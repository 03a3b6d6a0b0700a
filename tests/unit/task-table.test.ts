import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaskTable } from '@/components/tasks/task-table';
import type { TaskListItem, TaskListPage, TaskListQuery } from '@/lib/tasks/list-tasks';
import { TASK_PAGE_SIZE } from '@/lib/tasks/task-filter-keys';

const task = (externalId: string): TaskListItem => ({
  id: `id-${externalId}`,
  benchmark: 'tau2-bench',
  externalId,
  ability: 'airline',
  instructionExcerpt: '<b>book</b> a flight',
  trajectoryCount: 3,
  models: [{ model: 'gpt-x', agent: null, passed: 1, failed: 2 }],
  checkpointsPassed: 1,
  checkpointsTotal: 4,
});
const page = (over: Partial<TaskListPage>): TaskListPage => ({
  items: [task('t1'), task('t2')],
  total: 60,
  page: 2,
  pageSize: TASK_PAGE_SIZE,
  pageCount: 3,
  cursors: { after: 'c-after', before: 'c-before' },
  ...over,
});
const query = { benchmark: 'tau2-bench', page: 2, pageSize: TASK_PAGE_SIZE } as TaskListQuery;
const html = (p: TaskListPage) => renderToStaticMarkup(createElement(TaskTable, { page: p, query }));

describe('the task list table', () => {
  it('renders a row per task with its test hook, its link, and imported text as text', () => {
    const out = html(page({}));
    expect(out).toContain('<section aria-label="Tasks">');
    expect(out.match(/data-testid="task-row-tau2-bench-t[12]"/g)).toHaveLength(2);
    expect(out).toContain('href="/tasks/id-t1"');
    expect(out).toContain('&lt;b&gt;book&lt;/b&gt; a flight');
    expect(out).toContain('title="1 of 4 checkpoint results passed"');
  });

  it('pages by cursor: Next carries the after cursor, Previous the before cursor (none to page 1), filters kept', () => {
    const second = html(page({}));
    expect(second).toContain('60 tasks · page 2 of 3');
    expect(second).toContain('href="/tasks?benchmark=tau2-bench&amp;page=3&amp;after=c-after">Next<');
    expect(second).toContain('href="/tasks?benchmark=tau2-bench">Previous<');
    const third = html(page({ page: 3, pageCount: 4, total: 80 }));
    expect(third).toContain('href="/tasks?benchmark=tau2-bench&amp;page=2&amp;before=c-before">Previous<');
  });

  it('past the end shows the notice with the last page by number, and no table', () => {
    const out = html(page({ items: [], page: 9 }));
    expect(out).not.toContain('<table');
    expect(out).toContain('Page 9 is past the end of this list');
    expect(out).toMatch(/href="\/tasks\?benchmark=tau2-bench&amp;page=3"[^>]*>Go to the last page \(3\)</);
  });
});

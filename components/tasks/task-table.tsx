import Link from 'next/link';
import type { ColumnDef } from '@/components/ui/data-table';
import { LinkPagedTable } from '@/components/ui/link-paged-table';
import type { TaskListItem, TaskListPage, TaskListQuery } from '@/lib/tasks/list-tasks';
import { TASK_FILTER_KEYS, TASK_PAGE_SIZE } from '@/lib/tasks/task-filter-keys';
import { taskHref } from '@/lib/trajectories/event-link';

function percent(passed: number, total: number): string {
  return total ? `${Math.round((passed / total) * 100)}%` : '–';
}

/**
 * A page link with the filters and page size. Next/Previous carry the cursor of the row the
 * current page ends/starts at, so any page costs what page 1 costs; `page`
 * stays for "page x of y", and page 1 needs no cursor.
 */
export function taskPageHref(
  query: TaskListQuery,
  page: number,
  cursor?: { after?: string | null; before?: string | null },
): string {
  const params = new URLSearchParams();
  for (const key of TASK_FILTER_KEYS) if (query[key]) params.set(key, query[key]!);
  if (query.pageSize !== TASK_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (page > 1) params.set('page', String(page));
  if (page > 1 && cursor?.after) params.set('after', cursor.after);
  if (page > 1 && cursor?.before) params.set('before', cursor.before);
  const s = params.toString();
  return s ? `/tasks?${s}` : '/tasks';
}

// Every string here is imported data, rendered as text only.
const COLUMNS: ColumnDef<TaskListItem>[] = [
  {
    header: 'Task',
    className: 'whitespace-nowrap',
    cell: (t) => (
      <>
        <Link href={taskHref(t.id)} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {t.externalId}
        </Link>
        <div className="text-xs text-slate-600">
          {t.benchmark}
          {t.ability ? ` · ${t.ability}` : ''}
        </div>
      </>
    ),
  },
  { header: 'Instruction', className: 'max-w-md text-slate-700', cell: (t) => t.instructionExcerpt },
  { header: 'Runs', numeric: true, cell: (t) => t.trajectoryCount },
  {
    header: 'Models (passed / failed)',
    cell: (t) => (
      <ul className="flex flex-wrap gap-1" aria-label={`Models on ${t.externalId}`}>
        {t.models.map((m) => (
          <li
            key={`${m.model} ${m.agent ?? ''}`}
            className="rounded bg-slate-100 px-1.5 py-0.5 text-xs"
            title={m.agent ? `${m.model} via ${m.agent}` : m.model}
          >
            <span className="font-medium">{m.model}</span>
            {m.agent ? <span className="text-slate-600"> ({m.agent})</span> : null}{' '}
            <span className="text-emerald-700">{m.passed}✓</span> <span className="text-rose-700">{m.failed}✗</span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    header: 'Checkpoints passed',
    numeric: true,
    cellProps: (t) => ({ title: `${t.checkpointsPassed} of ${t.checkpointsTotal} checkpoint results passed` }),
    cell: (t) => (
      <>
        {percent(t.checkpointsPassed, t.checkpointsTotal)}{' '}
        <span className="text-xs text-slate-600">
          ({t.checkpointsPassed}/{t.checkpointsTotal})
        </span>
      </>
    ),
  },
];

/**
 * Tasks with their runs by model, a page at a time; the pager's links carry the keyset cursors.
 * A page past the end (a stale page number or cursor) is the pager's notice alone, offering the last page.
 */
export function TaskTable({ page, query }: { page: TaskListPage; query: TaskListQuery }) {
  return (
    <LinkPagedTable
      label="Tasks"
      columns={COLUMNS}
      page={page}
      rowProps={(t) => ({
        'data-testid': `task-row-${t.benchmark}-${t.externalId}`,
        className: 'align-top hover:bg-slate-50',
      })}
      pager={{
        label: 'Task pages',
        noun: 'task',
        hrefs: {
          previous: page.page > 1 ? taskPageHref(query, page.page - 1, { before: page.cursors.before }) : null,
          next: page.page < page.pageCount ? taskPageHref(query, page.page + 1, { after: page.cursors.after }) : null,
          // No cursor: the last page by number (OFFSET), the one way to it from a stale position.
          last: taskPageHref(query, page.pageCount),
        },
      }}
    />
  );
}

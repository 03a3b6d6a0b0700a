import Link from 'next/link';
import { LinkPager } from '@/components/ui/link-pager';
import { isPastEnd } from '@/lib/http/pagination';
import type { TaskListPage, TaskListQuery } from '@/lib/tasks/list-tasks';
import { TASK_FILTER_KEYS, TASK_PAGE_SIZE } from '@/lib/tasks/task-filter-keys';

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

/**
 * Tasks with their runs by model; every string here is imported data and is rendered as text only.
 * A page past the end (a stale page number or cursor) is the pager's notice alone, offering the last page.
 */
export function TaskTable({ page, query }: { page: TaskListPage; query: TaskListQuery }) {
  const pager = (
    <LinkPager
      label="Task pages"
      noun="task"
      position={page}
      shown={page.items.length}
      hrefs={{
        previous: page.page > 1 ? taskPageHref(query, page.page - 1, { before: page.cursors.before }) : null,
        next: page.page < page.pageCount ? taskPageHref(query, page.page + 1, { after: page.cursors.after }) : null,
        // No cursor: the last page by number (OFFSET), the one way to it from a stale position.
        last: taskPageHref(query, page.pageCount),
      }}
    />
  );
  // A named region: where the focus goes after a step (link-pager.tsx), so a screen reader says where it is.
  return (
    <section aria-label="Tasks">
      {isPastEnd(page) ? null : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Task
                </th>
                <th scope="col" className="px-3 py-2">
                  Instruction
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Runs
                </th>
                <th scope="col" className="px-3 py-2">
                  Models (passed / failed)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Checkpoints passed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((t) => (
                <tr
                  key={t.id}
                  data-testid={`task-row-${t.benchmark}-${t.externalId}`}
                  className="align-top hover:bg-slate-50"
                >
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link
                      href={`/tasks/${t.id}`}
                      className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                    >
                      {t.externalId}
                    </Link>
                    <div className="text-xs text-slate-600">
                      {t.benchmark}
                      {t.ability ? ` · ${t.ability}` : ''}
                    </div>
                  </td>
                  <td className="max-w-md px-3 py-2 text-slate-700">{t.instructionExcerpt}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{t.trajectoryCount}</td>
                  <td className="px-3 py-2">
                    <ul className="flex flex-wrap gap-1" aria-label={`Models on ${t.externalId}`}>
                      {t.models.map((m) => (
                        <li
                          key={`${m.model} ${m.agent ?? ''}`}
                          className="rounded bg-slate-100 px-1.5 py-0.5 text-xs"
                          title={m.agent ? `${m.model} via ${m.agent}` : m.model}
                        >
                          <span className="font-medium">{m.model}</span>
                          {m.agent ? <span className="text-slate-600"> ({m.agent})</span> : null}{' '}
                          <span className="text-emerald-700">{m.passed}✓</span>{' '}
                          <span className="text-rose-700">{m.failed}✗</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td
                    className="px-3 py-2 text-right tabular-nums"
                    title={`${t.checkpointsPassed} of ${t.checkpointsTotal} checkpoint results passed`}
                  >
                    {percent(t.checkpointsPassed, t.checkpointsTotal)}{' '}
                    <span className="text-xs text-slate-600">
                      ({t.checkpointsPassed}/{t.checkpointsTotal})
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager}
    </section>
  );
}

import { Suspense } from 'react';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { TaskFilters } from '@/components/tasks/task-filters';
import { TaskTable } from '@/components/tasks/task-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listTasks, taskFilterOptions, taskListQuerySchema } from '@/lib/tasks/list-tasks';

export const metadata = { title: 'Tasks' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('trajectory:read');
  const parsed = await parsePageQuery(taskListQuerySchema, searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/tasks" raw={parsed.raw} problems={parsed.problems} />;
  const { query } = parsed;
  const [page, options] = await Promise.all([listTasks(actor, query), taskFilterOptions(actor)]);
  const filtered = Boolean(query.benchmark || query.ability || query.model || query.taskId || query.importId);
  return (
    <>
      <PageHeader
        title="Tasks"
        description="Every imported task with its runs grouped by model. Open a task to compare the attempts side by side."
      />
      <Suspense>
        <TaskFilters options={options} />
      </Suspense>
      {page.total ? (
        // Also a page past the end (a stale page number or cursor): the table says so and offers the last page.
        <TaskTable page={page} query={query} />
      ) : filtered ? (
        <EmptyState title="No task matches these filters">Clear a filter to see more tasks.</EmptyState>
      ) : (
        <EmptyState title="No tasks yet">
          {can(actor.role, 'import:run')
            ? 'Import benchmark results under Imports (or with npm run import) to see tasks here.'
            : 'Tasks appear here once a researcher or admin imports benchmark results.'}
        </EmptyState>
      )}
    </>
  );
}

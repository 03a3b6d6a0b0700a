import { Suspense } from 'react';
import { listPage } from '@/components/shell/list-page';
import { TaskFilters } from '@/components/tasks/task-filters';
import { TaskTable } from '@/components/tasks/task-table';
import { EmptyState } from '@/components/ui/empty-state';
import { can } from '@/lib/auth/permissions';
import { listTasks, taskFilterOptions, taskListQuerySchema } from '@/lib/tasks/list-tasks';

export const metadata = { title: 'Tasks' };

export default listPage({
  permission: 'trajectory:read',
  schema: taskListQuerySchema,
  load: (actor, { query }) => Promise.all([listTasks(actor, query), taskFilterOptions(actor)]),
  path: '/tasks',
  title: 'Tasks',
  description: 'Every imported task with its runs grouped by model. Open a task to compare the attempts side by side.',
  render: ([page, options], { actor, query }) => (
    <>
      <Suspense>
        <TaskFilters options={options} />
      </Suspense>
      {page.total ? (
        // Also a page past the end (a stale page number or cursor): the table says so and offers the last page.
        <TaskTable page={page} query={query} />
      ) : query.benchmark || query.ability || query.model || query.taskId || query.importId ? (
        <EmptyState title="No task matches these filters">Clear a filter to see more tasks.</EmptyState>
      ) : (
        <EmptyState title="No tasks yet">
          {can(actor.role, 'import:run')
            ? 'Import benchmark results under Imports (or with npm run import) to see tasks here.'
            : 'Tasks appear here once a researcher or admin imports benchmark results.'}
        </EmptyState>
      )}
    </>
  ),
});

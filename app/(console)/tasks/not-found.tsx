import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from the task page or its layout. */
export default notFoundPage({
  title: 'Task not found',
  message: 'There is no task with this id',
  back: { href: '/tasks', label: 'Back to all tasks' },
  hint: 'It may have been removed, or the link is wrong. ',
});

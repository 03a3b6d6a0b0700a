import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Trajectory not found',
  message: 'There is no trajectory with this id',
  back: { href: '/tasks', label: 'Back to all tasks' },
});

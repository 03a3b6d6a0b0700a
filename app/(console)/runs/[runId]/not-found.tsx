import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Run not found',
  message: 'There is no run with this id',
  back: { href: '/runs', label: 'Back to all runs' },
});

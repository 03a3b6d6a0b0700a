import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Release not found',
  message: 'There is no release with this name',
  back: { href: '/releases', label: 'Back to all releases' },
});

import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Proposal not found',
  message: 'There is no proposal with this id',
  back: { href: '/reviews', label: 'Back to the inbox' },
});

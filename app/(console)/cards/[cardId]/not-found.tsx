import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Card not found',
  message: 'There is no card with this id or key',
  back: { href: '/cards', label: 'Back to the bank' },
});

import { notFoundPage } from '@/components/shell/not-found-page';

/** `notFound()` from this page. */
export default notFoundPage({
  title: 'Import not found',
  message: 'There is no import with this id',
  back: { href: '/imports', label: 'Back to all imports' },
});

import { TaxonomyAdmin } from '@/components/diagnosis/taxonomy-admin';
import { loadedPage } from '@/components/shell/loaded-page';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

export const metadata = { title: 'Failure taxonomy' };

export default loadedPage({
  permission: 'taxonomy:edit',
  load: (actor) => listFailureCategories(actor, { includeInactive: true }),
  title: 'Failure taxonomy',
  description:
    'The categories annotators pick from. Retire a category rather than delete it: existing diagnoses keep it.',
  render: (categories) => <TaxonomyAdmin initial={categories} />,
});

import { TaxonomyAdmin } from '@/components/diagnosis/taxonomy-admin';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

export const metadata = { title: 'Failure taxonomy' };

export default async function TaxonomyPage() {
  const actor = await requirePageActor('taxonomy:edit');
  const categories = await listFailureCategories(actor, { includeInactive: true });
  return (
    <>
      <PageHeader
        title="Failure taxonomy"
        description="The categories annotators pick from. Retire a category rather than delete it: existing diagnoses keep it."
      />
      <TaxonomyAdmin initial={categories} />
    </>
  );
}

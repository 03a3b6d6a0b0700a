import { AgreementPanel } from '@/components/agreement/agreement-panel';
import { DisagreementsList } from '@/components/agreement/disagreements-list';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

export const metadata = { title: 'Agreement' };

export default async function AgreementPage() {
  const actor = await requirePageActor('diagnosis:read-all');
  const [figures, categories] = await Promise.all([getAgreementFigures(actor, {}), listFailureCategories(actor, { includeInactive: false })]);
  return (
    <div className="space-y-8">
      <PageHeader title="Annotator agreement" description="How often annotators agree on failed checkpoints diagnosed by two or more of them (overlap k > 1), and the checkpoints where they disagree." />
      <AgreementPanel initial={figures} />
      <DisagreementsList categories={categories.map((c) => ({ id: c.id, label: c.label }))} canAdjudicate={can(actor.role, 'diagnosis:adjudicate')} />
    </div>
  );
}

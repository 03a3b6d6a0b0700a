import { Suspense } from 'react';
import { AgreementPanel } from '@/components/agreement/agreement-panel';
import { DisagreementsList } from '@/components/agreement/disagreements-list';
import { ExportDiagnosesForm } from '@/components/diagnosis/export-diagnoses-form';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { dashboardOptions } from '@/lib/dashboard/load-dashboard';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { disagreementQuerySchema } from '@/lib/diagnosis/list-disagreements';
import { pageQuerySchema } from '@/lib/http/pagination';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

export const metadata = { title: 'Agreement' };

export default async function AgreementPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('diagnosis:read-all');
  // The disagreements' status tab and page are in the URL: a link the API would refuse says why here.
  const parsed = await parsePageQuery(
    disagreementQuerySchema.pick({ status: true }),
    searchParams,
    pageQuerySchema.pick({ page: true }),
  );
  if (!parsed.ok) return <InvalidLinkNotice path="/agreement" raw={parsed.raw} problems={parsed.problems} />;
  const [figures, categories, options] = await Promise.all([
    getAgreementFigures(actor, {}),
    listFailureCategories(actor, { includeInactive: false }),
    dashboardOptions(actor),
  ]);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Annotator agreement"
        description="How often annotators agree on failed checkpoints diagnosed by two or more of them (overlap k > 1), and the checkpoints where they disagree."
      />
      <AgreementPanel initial={figures} />
      <Suspense>
        <DisagreementsList
          categories={categories.map((c) => ({ id: c.id, label: c.label }))}
          canAdjudicate={can(actor.role, 'diagnosis:adjudicate')}
        />
      </Suspense>
      <ExportDiagnosesForm benchmarks={options.benchmarks} />
    </div>
  );
}

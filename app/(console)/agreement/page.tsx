import { Suspense } from 'react';
import { AgreementPanel } from '@/components/agreement/agreement-panel';
import { DisagreementsList } from '@/components/agreement/disagreements-list';
import { ExportDiagnosesForm } from '@/components/diagnosis/export-diagnoses-form';
import { listPage } from '@/components/shell/list-page';
import { can } from '@/lib/auth/permissions';
import { dashboardOptions } from '@/lib/dashboard/load-dashboard';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { disagreementQuerySchema } from '@/lib/diagnosis/list-disagreements';
import { pageQuerySchema } from '@/lib/http/pagination';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';

export const metadata = { title: 'Agreement' };

export default listPage({
  permission: 'diagnosis:read-all',
  // The disagreements' status tab and page are in the URL: a link the API would refuse says why here.
  schema: disagreementQuerySchema.pick({ status: true }),
  alsoChecked: [pageQuerySchema.pick({ page: true })],
  load: (actor) =>
    Promise.all([
      getAgreementFigures(actor, {}),
      listFailureCategories(actor, { includeInactive: false }),
      dashboardOptions(actor),
    ]),
  path: '/agreement',
  title: 'Annotator agreement',
  description:
    'How often annotators agree on failed checkpoints diagnosed by two or more of them (overlap k > 1), and the checkpoints where they disagree.',
  // mt-8 collapses with the header's margin into the space-y-8 gap the sections have between them.
  render: ([figures, categories, options], { actor }) => (
    <div className="mt-8 space-y-8">
      <AgreementPanel initial={figures} />
      <Suspense>
        <DisagreementsList
          categories={categories.map((c) => ({ id: c.id, label: c.label }))}
          canAdjudicate={can(actor.role, 'diagnosis:adjudicate')}
        />
      </Suspense>
      <ExportDiagnosesForm benchmarks={options.benchmarks} />
    </div>
  ),
});

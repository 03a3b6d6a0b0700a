import { Suspense } from 'react';
import { ImportsConsole } from '@/components/imports/imports-console';
import { listPage } from '@/components/shell/list-page';
import { env } from '@/lib/env';
import { pageQuerySchema } from '@/lib/http/pagination';
import { listImportJobs } from '@/lib/import/import-jobs';

export const metadata = { title: 'Imports' };

export default listPage({
  permission: 'import:run',
  // The list's page is in the URL (the page size is the view's own, as on the queue).
  schema: pageQuerySchema.pick({ page: true }),
  load: (actor, { query }) => listImportJobs(actor, { page: query.page, pageSize: 20 }),
  path: '/imports',
  title: 'Imports',
  description:
    'Import agent trajectories: native JSONL (see docs/trajectory-format.md), τ²-bench results or τ-bench trajectories. Re-importing a file changes nothing; bad records are reported line by line.',
  render: (initial) => (
    <Suspense>
      <ImportsConsole initial={initial} maxUploadMb={env().IMPORT_MAX_UPLOAD_MB} />
    </Suspense>
  ),
});

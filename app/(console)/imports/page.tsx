import { ImportsConsole } from '@/components/imports/imports-console';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { env } from '@/lib/env';
import { listImportJobs } from '@/lib/import/import-jobs';

export const metadata = { title: 'Imports' };

export default async function Page() {
  const actor = await requirePageActor('import:run');
  const initial = await listImportJobs(actor, { page: 1, pageSize: 20 });
  return (
    <>
      <PageHeader
        title="Imports"
        description="Import agent trajectories: native JSONL (see docs/trajectory-format.md), τ²-bench results or τ-bench trajectories. Re-importing a file changes nothing; bad records are reported line by line."
      />
      <ImportsConsole initial={initial} maxUploadMb={env().IMPORT_MAX_UPLOAD_MB} />
    </>
  );
}

import { Suspense } from 'react';
import { ImportsConsole } from '@/components/imports/imports-console';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { env } from '@/lib/env';
import { pageQuerySchema } from '@/lib/http/pagination';
import { listImportJobs } from '@/lib/import/import-jobs';
import { parsePageQuery } from '@/lib/pages/parse-page-query';

export const metadata = { title: 'Imports' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('import:run');
  // The list's page is in the URL (the page size is the view's own, as on the queue).
  const parsed = await parsePageQuery(pageQuerySchema.pick({ page: true }), searchParams);
  if (!parsed.ok) return <InvalidLinkNotice path="/imports" raw={parsed.raw} problems={parsed.problems} />;
  const initial = await listImportJobs(actor, { page: parsed.query.page, pageSize: 20 });
  return (
    <>
      <PageHeader
        title="Imports"
        description="Import agent trajectories: native JSONL (see docs/trajectory-format.md), τ²-bench results or τ-bench trajectories. Re-importing a file changes nothing; bad records are reported line by line."
      />
      <Suspense>
        <ImportsConsole initial={initial} maxUploadMb={env().IMPORT_MAX_UPLOAD_MB} />
      </Suspense>
    </>
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { ImportReportView } from '@/components/imports/import-report-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { getImportJob, importReportQuerySchema } from '@/lib/import/import-jobs';
import { orNotFound } from '@/lib/pages/or-not-found';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import type { DetailPageProps } from '@/lib/pages/page-props';

export const metadata = { title: 'Import report' };

export default async function Page({ params, searchParams }: DetailPageProps<{ id: string }>) {
  const actor = await requirePageActor('import:run');
  const { id } = await params;
  const parsed = await parsePageQuery(importReportQuerySchema, searchParams);
  if (!parsed.ok)
    return (
      <InvalidLinkNotice path={`/imports/${encodeURIComponent(id)}`} raw={parsed.raw} problems={parsed.problems} />
    );
  const report = (await orNotFound(getImportJob(actor, id, parsed.query.errorsPage))) ?? notFound();
  const by = report.createdBy ?? 'the command line';
  return (
    <>
      <PageHeader
        title="Import report"
        description={`${report.source.toLowerCase()} by ${by}, ${new Date(report.createdAt).toLocaleString()}`}
        actions={
          <Link href="/imports" className="text-sm text-indigo-700 underline">
            All imports
          </Link>
        }
      />
      <ImportReportView report={report} />
    </>
  );
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ImportReportView } from '@/components/imports/import-report-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { getImportJob } from '@/lib/import/import-jobs';
import { orNotFound } from '@/lib/pages/or-not-found';

export const metadata = { title: 'Import report' };

export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ errorsPage?: string }> }) {
  const actor = await requirePageActor('import:run');
  const { id } = await params;
  const errorsPage = Math.max(1, Math.floor(Number((await searchParams).errorsPage)) || 1);
  const report = (await orNotFound(getImportJob(actor, id, errorsPage))) ?? notFound();
  const by = report.createdBy ?? 'the command line';
  return (
    <>
      <PageHeader
        title="Import report"
        description={`${report.source.toLowerCase()} by ${by}, ${new Date(report.createdAt).toLocaleString()}`}
        actions={<Link href="/imports" className="text-sm text-indigo-700 underline">All imports</Link>}
      />
      <ImportReportView report={report} />
    </>
  );
}

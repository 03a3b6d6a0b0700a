import Link from 'next/link';
import type { ImportReport } from '@/lib/import/import-jobs';

const STATUS_STYLE: Record<string, string> = {
  SUCCEEDED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-200',
  INTERRUPTED: 'bg-orange-50 text-orange-800 ring-orange-200',
  RUNNING: 'bg-sky-50 text-sky-800 ring-sky-200',
  QUEUED: 'bg-slate-50 text-slate-700 ring-slate-200',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[status] ?? STATUS_STYLE.QUEUED}`}>{status.toLowerCase()}</span>;
}

/** Counts and every located problem of one import. All values are rendered as text. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const counts = [
    ['records', report.recordsTotal],
    ['imported', report.importedCount],
    ['already present', report.presentCount],
    ['conflicts', report.conflictCount],
    ['failed', report.failedCount],
    ['warnings', report.warningCount],
  ] as const;
  return (
    <section aria-label={`Import report for ${report.fileName}`} data-testid="import-report" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{report.fileName}</h3>
        <StatusBadge status={report.status} />
        {report.format ? <span className="text-xs text-slate-500">{report.format}</span> : null}
      </header>
      {report.error ? <p role="alert" className="text-sm text-rose-700">{report.error}</p> : null}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-6">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded bg-slate-50 px-2 py-1">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`count-${label.replace(' ', '-')}`}>{n}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" aria-label="Problems">
            <thead className="text-xs uppercase text-slate-500">
              <tr><th className="py-1 pr-3">Kind</th><th className="py-1 pr-3">Where</th><th className="py-1 pr-3">Field</th><th className="py-1">Reason</th></tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.errors.map((e, i) => (
                <tr key={i} className="align-top">
                  <td className={`py-1 pr-3 ${e.kind === 'WARNING' ? 'text-amber-800' : ''}`}>{e.kind === 'CONFLICT' ? 'conflict' : e.kind === 'WARNING' ? 'warning' : 'invalid'}</td>
                  <td className="whitespace-nowrap py-1 pr-3 font-mono text-xs">{e.file}{e.line != null ? `:${e.line}` : e.recordIndex != null ? ` #${e.recordIndex}` : ''}</td>
                  <td className="py-1 pr-3 font-mono text-xs">{e.path ?? ''}</td>
                  <td className="py-1 text-slate-700">{e.line != null ? `Line ${e.line}: ` : e.recordIndex != null ? `Record ${e.recordIndex}: ` : ''}{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.errorCount > report.errorsShown ? <ProblemPager report={report} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** Problems past one page live on the report page: `?errorsPage=N`. */
function ProblemPager({ report }: { report: ImportReport }) {
  const page = report.errorsPage;
  const last = report.errorsOffset + report.errorsShown;
  const link = (p: number, label: string) => (
    <Link href={`/imports/${report.id}?errorsPage=${p}`} className="text-indigo-700 underline">{label}</Link>
  );
  return (
    <nav aria-label="Problem pages" className="mt-1 flex flex-wrap items-center gap-3 text-xs text-slate-500">
      <span>Showing problems {report.errorsShown ? report.errorsOffset + 1 : 0}–{last} of {report.errorCount}.</span>
      {page > 1 ? link(page - 1, 'Previous problems') : null}
      {last < report.errorCount ? link(page + 1, 'Next problems') : null}
    </nav>
  );
}

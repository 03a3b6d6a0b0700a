import type { ReactNode } from 'react';
import Link from 'next/link';
import { FORMAT_LABELS, type ImportFormat } from '@/lib/import/adapters/types';
import type { ImportReport } from '@/lib/import/import-jobs';
import { groupConsecutive } from '@/components/ui/data-table';
import { IssueList, type Issue } from '@/components/ui/issue-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { plural } from '@/lib/text/plural';
import { failedWithoutCheckpointNote } from '@/lib/trajectories/no-failed-checkpoint';
import { notStartedNote } from '@/lib/import/not-started-note';
import { runLabel } from '@/lib/trajectories/run-label';
import { taskHref } from '@/lib/trajectories/event-link';

const STATUS_STYLE: Record<string, string> = {
  SUCCEEDED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-200',
  INTERRUPTED: 'bg-orange-50 text-orange-800 ring-orange-200',
  RUNNING: 'bg-sky-50 text-sky-800 ring-sky-200',
  QUEUED: 'bg-slate-50 text-slate-700 ring-slate-200',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[status] ?? STATUS_STYLE.QUEUED}`}>
      {status.toLowerCase()}
    </span>
  );
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
    ['never started', report.notStarted],
  ] as const;
  return (
    <section
      aria-label={`Import report for ${report.fileName}`}
      data-testid="import-report"
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-medium">
          <UntrustedText text={report.fileName} />
        </h3>
        <StatusBadge status={report.status} />
        {report.format ? (
          <span className="text-xs text-slate-600" title={report.format}>
            {FORMAT_LABELS[report.format as ImportFormat] ?? report.format}
          </span>
        ) : null}
      </header>
      {report.error ? (
        <p role="alert" className="text-sm text-rose-700">
          {report.error}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-7">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded bg-slate-50 px-2 py-1">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`count-${label.replace(' ', '-')}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {report.models.length ? (
        <p data-testid="import-models" className="text-sm text-slate-700">
          <span className="text-slate-600">{report.models.length === 1 ? 'Model' : 'Models'}: </span>
          {report.models.map((m, i) => (
            <span key={`${m.model}\u0000${m.agent ?? ''}`}>
              {i ? ' · ' : null}
              <UntrustedText text={runLabel(m)} className="font-medium" /> ({plural(m.runs, 'run')}, {m.passed} passed)
            </span>
          ))}
        </p>
      ) : null}
      <ImportedLinks report={report} />
      {report.failedWithoutFailedCheckpoint ? (
        <ReportNote testId="failed-without-checkpoint" tone="warning">
          {failedWithoutCheckpointNote(report.failedWithoutFailedCheckpoint)}
        </ReportNote>
      ) : null}
      {report.notStarted ? (
        <ReportNote testId="not-started" tone="info">
          {notStartedNote(report.notStarted)}
        </ReportNote>
      ) : null}
      {report.errors.length ? (
        <div className="overflow-x-auto">
          <ProblemGroups errors={report.errors} />
          {report.errorCount > report.errorsShown ? <ProblemPager report={report} /> : null}
        </div>
      ) : report.errorsPage > report.errorsPageCount ? (
        <PastLastPage report={report} />
      ) : null}
    </section>
  );
}

const problemsPageHref = (report: ImportReport, page: number) => `/imports/${report.id}?errorsPage=${page}`;

/** Problems past one page live on the report page: `?errorsPage=N`. */
function ProblemPager({ report }: { report: ImportReport }) {
  const page = report.errorsPage;
  const last = report.errorsOffset + report.errorsShown;
  const link = (p: number, label: string) => (
    <Link href={problemsPageHref(report, p)} className="text-indigo-700 underline">
      {label}
    </Link>
  );
  return (
    <nav aria-label="Problem pages" className="mt-1 flex flex-wrap items-center gap-3 text-xs text-slate-600">
      <span>
        Showing problems {report.errorsShown ? report.errorsOffset + 1 : 0}–{last} of {report.errorCount} (page {page}{' '}
        of {report.errorsPageCount}).
      </span>
      {page > 1 ? link(page - 1, 'Previous problems') : null}
      {last < report.errorCount ? link(page + 1, 'Next problems') : null}
    </nav>
  );
}

/** A link to a problem page past the end (typed, or kept from before): say so, and lead to the last page. */
function PastLastPage({ report }: { report: ImportReport }) {
  const last = report.errorsPageCount;
  return (
    <p
      role="status"
      data-testid="problems-past-end"
      className="rounded bg-amber-50 px-2 py-1.5 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      Page {report.errorsPage} of {last}: this import has{' '}
      {report.errorCount ? `${plural(report.errorCount, 'problem')}, on ${plural(last, 'page')}` : 'no problems'}.{' '}
      <Link href={problemsPageHref(report, last)} className="text-indigo-700 underline">
        {last === 1 ? 'Go to the first page' : `Go to the last page (${last})`}
      </Link>
    </p>
  );
}

/** Where the imported data went: its tasks, and the queue filtered to what this import brought in. */
function ImportedLinks({ report }: { report: ImportReport }) {
  if (!report.taskCount) return null;
  const more = report.taskCount - report.tasks.length;
  return (
    <nav aria-label="Imported data" data-testid="import-links" className="space-y-1 text-sm">
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link
          href={`/tasks?importId=${encodeURIComponent(report.id)}`}
          className="font-medium text-indigo-700 hover:underline"
        >
          {report.taskCount === 1 ? 'The imported task' : `All ${report.taskCount} imported tasks`} →
        </Link>
        <Link
          href={`/queue?importId=${encodeURIComponent(report.id)}`}
          className="font-medium text-indigo-700 hover:underline"
        >
          Queue, filtered to this import →
        </Link>
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Imported tasks">
        {report.tasks.map((t) => (
          <li key={t.id}>
            <Link
              href={taskHref(t.id)}
              className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 hover:bg-indigo-50 hover:text-indigo-800"
            >
              {t.externalId}
            </Link>
          </li>
        ))}
        {more > 0 ? <li className="text-xs text-slate-600">and {more} more</li> : null}
      </ul>
    </nav>
  );
}

type ErrorView = ImportReport['errors'][number];

const whereOf = (e: ErrorView) =>
  e.line != null ? `Line ${e.line}` : e.recordIndex != null ? `Record ${e.recordIndex}` : 'File';

const KIND = { CONFLICT: 'conflict', WARNING: 'warning' } as Record<string, string>;

/** One group per line (or record) of the file, one row per problem in it: the location is said once. */
function ProblemGroups({ errors }: { errors: ErrorView[] }) {
  const groups = groupConsecutive(errors, (e) => `${e.file}\u0000${whereOf(e)}`).map(({ key, items }) => ({
    key,
    heading: (
      <>
        {whereOf(items[0])}{' '}
        <span className="font-normal text-slate-600">
          · {items[0].file} · {plural(items.length, 'problem')}
        </span>
      </>
    ),
    rows: items.map((e): Issue => ({
      kind: KIND[e.kind] ?? 'invalid',
      field: e.path,
      message: e.reason,
      tone: e.kind === 'WARNING' ? 'warning' : 'error',
    })),
  }));
  return (
    <IssueList
      headers={['Kind', 'Reason']}
      label="Problems"
      groups={groups}
      testIds={{ group: 'problem-group', heading: 'problem-where', row: 'problem-row' }}
    />
  );
}

const NOTE_TONES = {
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/** A one-paragraph note under the report's figures: a warning (amber) or plain information. */
function ReportNote({
  testId,
  tone,
  children,
}: {
  testId: string;
  tone: keyof typeof NOTE_TONES;
  children: ReactNode;
}) {
  return (
    <p data-testid={testId} className={`rounded px-2 py-1.5 text-sm ring-1 ${NOTE_TONES[tone]}`}>
      {children}
    </p>
  );
}

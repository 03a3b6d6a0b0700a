import Link from 'next/link';
import { ZodError } from 'zod';
import { ArmsChooser } from '@/components/compare/arms-chooser';
import { CompareReportView } from '@/components/compare/compare-report-view';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { listArmOptions, newestRoundPair } from '@/lib/compare/arm-options';
import { compareParams } from '@/lib/compare/arm-spec';
import { compareArms, type CompareReport } from '@/lib/compare/compare-arms';
import { AppError } from '@/lib/errors';
import { searchParamsRecord } from '@/lib/http/pagination';
import type { ListPageProps } from '@/lib/pages/page-props';

export const metadata = { title: 'Compare' };

export default async function ComparePage({ searchParams }: ListPageProps) {
  const actor = await requirePageActor('compare:read');
  const raw = searchParamsRecord(await searchParams);
  const [options, suggestion] = await Promise.all([listArmOptions(actor), newestRoundPair()]);
  let report: CompareReport | null = null;
  let problem: AppError | null = null;
  if (raw.a || raw.b) {
    try {
      report = await compareArms(actor, raw);
    } catch (err) {
      // A mistyped arm or scope is the user's to fix here, beside the form that holds it; anything else is the error page's.
      if (err instanceof AppError && err.code === 'VALIDATION') problem = err;
      else if (err instanceof ZodError)
        problem = new AppError(
          'VALIDATION',
          `This link does not make a comparison: ${err.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.code === 'unrecognized_keys' ? `unknown parameter ${i.keys.join(', ')}` : i.message}`).join('; ')}`,
        );
      else throw err;
    }
  }
  return (
    <>
      <PageHeader
        title="Compare"
        description="Did the memory help? Two arms on the same tasks, paired by task and trial: which tasks flipped, whether the difference is real, and which cards were behind each regression."
      />
      <ArmsChooser options={options} query={raw} />
      {problem ? (
        <p
          role="alert"
          className="mb-6 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200"
          data-testid="compare-error"
        >
          {problem.message}
        </p>
      ) : null}
      {report ? (
        report.counts.pairs === 0 ? (
          <EmptyState title="No run of one arm has a partner in the other">
            A has {report.arms.a.runs} runs of {report.arms.a.tasks} tasks, B {report.arms.b.runs} runs of{' '}
            {report.arms.b.tasks}; pairs need the same task and trial. Widen the scope or choose arms that ran the same
            tasks.
          </EmptyState>
        ) : (
          <CompareReportView report={report} />
        )
      ) : problem ? null : (
        <EmptyState title="Choose two arms">
          {suggestion ? (
            <>
              For instance the newest round against the one before it:{' '}
              <Link
                href={`/compare?${compareParams(suggestion)}`}
                className="font-medium text-indigo-700 hover:underline"
              >
                {suggestion.b} against {suggestion.a}
              </Link>
              .
            </>
          ) : (
            'Import runs of the same tasks with and without a bank release (memory.bank_release) to compare them.'
          )}
        </EmptyState>
      )}
    </>
  );
}

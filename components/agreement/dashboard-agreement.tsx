import Link from 'next/link';
import type { AgreementFigures } from '@/lib/diagnosis/agreement-report';
import { AgreementPanel } from './agreement-panel';

/**
 * The agreement figures as a dashboard section. Agreement is a property of
 * diagnoses, not of runs, so only the benchmark and ability filters apply
 * (the model and import-date filters do not narrow it; the text says so).
 */
export function DashboardAgreement({
  benchmark,
  ability,
  initial,
}: {
  benchmark?: string;
  ability?: string;
  initial: AgreementFigures;
}) {
  return (
    <section className="mt-8 space-y-3" aria-labelledby="dashboard-agreement-title" data-testid="dashboard-agreement">
      <div className="flex items-baseline justify-between">
        <h2 id="dashboard-agreement-title" className="text-lg font-semibold text-slate-900">
          Annotator agreement
        </h2>
        <Link href="/agreement" className="text-sm text-indigo-700 underline">
          Disagreements and adjudication
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Failed checkpoints and runs diagnosed as a whole, by two or more annotators (overlap k &gt; 1)
        {benchmark || ability ? `, in ${[benchmark, ability].filter(Boolean).join(' · ')}` : ''}. The model, agent and
        date filters do not apply here.
      </p>
      <AgreementPanel benchmark={benchmark} ability={ability} initial={initial} />
    </section>
  );
}

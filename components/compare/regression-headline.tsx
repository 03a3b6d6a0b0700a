import Link from 'next/link';
import { compareParams } from '@/lib/compare/arm-spec';
import type { RegressionHeadline as Headline } from '@/lib/compare/newest-release-regressions';

/** The dashboard's headline: what the newest release broke against the round before it, linking to the report. */
export function RegressionHeadline({
  headline: h,
  scope,
}: {
  headline: Headline;
  scope: { benchmark?: string; ability?: string };
}) {
  const href = `/compare?${compareParams({ a: h.a, b: h.b, ...scope })}`;
  return (
    <p
      className={`mb-6 rounded-md px-3 py-2 text-sm ring-1 ${h.broke ? 'bg-rose-50 text-rose-900 ring-rose-200' : 'bg-slate-50 text-slate-800 ring-slate-200'}`}
      data-testid="regression-headline"
    >
      {h.pairs === 0 ? (
        <>
          The newest round, {h.b}, shares no task and trial with {h.a}: nothing to pair yet.{' '}
        </>
      ) : (
        <>
          <strong>
            {h.broke} regression{h.broke === 1 ? '' : 's'}
          </strong>{' '}
          from the newest round, {h.b}, against {h.a}: {h.broke} pass→fail and {h.fixed} fail→pass over {h.pairs} paired
          runs.{' '}
        </>
      )}
      <Link href={href} className="font-medium text-indigo-700 underline">
        Open the comparison
      </Link>
    </p>
  );
}

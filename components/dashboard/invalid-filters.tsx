import Link from 'next/link';
import { describeLinkProblem, firstPageHref, type LinkProblem } from '@/lib/pages/parse-page-query';

/**
 * The dashboard's filters do not parse (`?from=yesterday`, a range that ends
 * before it starts): what is wrong, and no figures. Figures for other filters
 * than the ones asked for would be read as the answer to them, so no chart is
 * drawn under the message; `GET /api/dashboard` refuses the
 * same filters with a 400. The way on is the dashboard with the wrong filters
 * dropped and the others kept.
 */
export function InvalidFilters({ raw, problems }: { raw: Record<string, string>; problems: LinkProblem[] }) {
  const wrong = [...new Set(problems.map((p) => p.param.split('.')[0]).filter(Boolean))];
  return (
    <div
      role="alert"
      data-testid="dashboard-invalid-filters"
      className="space-y-2 rounded-md bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
    >
      <p className="font-medium">
        No figures are shown: {problems.length === 1 ? 'a filter is' : 'some filters are'} not valid.
      </p>
      <ul className="list-disc pl-5">
        {problems.map((p, i) => (
          <li key={i}>{describeLinkProblem(p)}</li>
        ))}
      </ul>
      <Link href={firstPageHref('/dashboard', raw, problems)} className="inline-block text-indigo-700 underline">
        {wrong.length
          ? `Show the dashboard without ${wrong.map((w) => `"${w}"`).join(' and ')}`
          : 'Show the dashboard without filters'}
      </Link>
    </div>
  );
}

import Link from 'next/link';
import type { ReleaseSummary } from '@/lib/releases/read-release';

export function ReleasesTable({ releases }: { releases: ReleaseSummary[] }) {
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label="Releases">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">Release</th>
            <th className="px-3 py-2">Note</th>
            <th className="px-3 py-2 text-right">Cards</th>
            <th className="px-3 py-2 text-right">Leaks</th>
            <th className="px-3 py-2">Frozen</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {releases.map((r) => (
            <tr key={r.id}>
              <td className="px-3 py-1.5">
                <Link className="font-medium text-indigo-700 hover:underline" href={`/releases/${encodeURIComponent(r.name)}`}>
                  {r.name}
                </Link>
              </td>
              <td className="max-w-md truncate px-3 py-1.5 text-slate-700">{r.note}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{r.cards}</td>
              <td className={`px-3 py-1.5 text-right tabular-nums ${r.leaks ? 'font-semibold text-amber-700' : 'text-slate-400'}`}>{r.leaks}</td>
              <td className="whitespace-nowrap px-3 py-1.5 text-slate-600">
                {r.createdAt.slice(0, 16).replace('T', ' ')} UTC{r.createdBy ? ` · ${r.createdBy}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

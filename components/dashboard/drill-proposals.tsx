import { EmptyState } from '@/components/ui/empty-state';
import { LinkPager } from '@/components/ui/link-pager';
import type { DrillProposal } from '@/lib/dashboard/list-proposals';
import type { Page } from '@/lib/http/pagination';

/** The proposals behind a curation or review point (the review pages open each one). */
export function DrillProposals({ page, params }: { page: Page<DrillProposal>; params: Record<string, string> }) {
  if (!page.items.length) return <EmptyState title="No proposal matches">Go back to the dashboard and pick another point.</EmptyState>;
  return (
    <div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid="drill-proposals">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              {['Proposal', 'Operation', 'Bank', 'Status', 'Validation', 'Decisions', 'Created'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.items.map((p) => (
              <tr key={p.id}>
                <td className="max-w-md px-3 py-2"><a href={`/reviews/${p.id}`} className="text-indigo-700 underline">{p.reason.slice(0, 120) || p.id}</a></td>
                <td className="px-3 py-2 font-mono text-xs">{p.operation}</td>
                <td className="px-3 py-2">{p.cardKind === 'FUNCTION' ? 'function' : (p.ability ?? '—')}</td>
                <td className="px-3 py-2">{p.status.toLowerCase()}</td>
                <td className="px-3 py-2 text-xs">{p.rules.join(', ') || '—'}</td>
                <td className="px-3 py-2 text-xs">{p.decisions.map((d) => `${d.decision.toLowerCase().replace('_', ' ')} by ${d.reviewer}`).join('; ') || '—'}</td>
                <td className="px-3 py-2 text-slate-500">{p.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LinkPager label="Proposal pages" noun="proposal" total={page.total} page={page.page} pageCount={page.pageCount} path="/dashboard/proposals" params={params} />
    </div>
  );
}

import type { ColumnDef } from '@/components/ui/data-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { Page } from '@/lib/http/pagination';
import type { ProposalListItem } from '@/lib/review/list-proposals';
import { DrillTable } from './drill-list';

const COLUMNS: ColumnDef<ProposalListItem>[] = [
  // Card titles, reasons and abilities come from the curator (an LLM reading imported text): bidi markers shown, long ones cut with the whole text on hover.
  {
    header: 'Proposal',
    className: 'max-w-md',
    cell: (p) => (
      <>
        <a href={`/reviews/${p.id}`} className="text-indigo-700 underline">
          <UntrustedText text={p.title ?? '(untitled card)'} clip="max-w-md" testId="drill-proposal-title" />
        </a>
        {p.reason ? (
          <div className="text-xs text-slate-600">
            <UntrustedText text={p.reason} clip="max-w-md" />
          </div>
        ) : null}
      </>
    ),
  },
  { header: 'Operation', className: 'font-mono text-xs', cell: (p) => p.operation },
  {
    header: 'Bank',
    cell: (p) =>
      p.cardKind === 'FUNCTION' ? (
        'function'
      ) : p.ability === null ? (
        '—'
      ) : (
        <UntrustedText text={p.ability} clip="max-w-[10rem]" />
      ),
  },
  { header: 'Status', cell: (p) => p.status.toLowerCase() },
  { header: 'Validation', className: 'text-xs', cell: (p) => p.rules?.join(', ') || '—' },
  {
    header: 'Decisions',
    className: 'text-xs',
    cell: (p) =>
      (p.decisions ?? []).map((d) => `${d.decision.toLowerCase().replace('_', ' ')} by ${d.reviewer}`).join('; ') ||
      '—',
  },
  { header: 'Created', className: 'text-slate-600', cell: (p) => p.createdAt.slice(0, 10) },
];

/** The proposals behind a curation or review point (the review pages open each one). */
export function DrillProposals({ page, params }: { page: Page<ProposalListItem>; params: Record<string, string> }) {
  return (
    <DrillTable
      path="/dashboard/proposals"
      noun={['proposal', 'proposals']}
      columns={COLUMNS}
      page={page}
      params={params}
    />
  );
}

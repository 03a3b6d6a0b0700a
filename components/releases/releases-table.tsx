import Link from 'next/link';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import type { ReleaseSummary } from '@/lib/releases/read-release';

const COLUMNS: ColumnDef<ReleaseSummary>[] = [
  {
    header: 'Release',
    cell: (r) => (
      <Link className="font-medium text-indigo-700 hover:underline" href={`/releases/${encodeURIComponent(r.name)}`}>
        {r.name}
      </Link>
    ),
  },
  { header: 'Note', className: 'max-w-md truncate text-slate-700', cell: (r) => r.note },
  { header: 'Cards', numeric: true, cell: (r) => r.cards },
  {
    header: 'Leaks',
    numeric: true,
    cell: (r) => <span className={r.leaks ? 'font-semibold text-amber-700' : 'text-slate-500'}>{r.leaks}</span>,
  },
  {
    header: 'Frozen',
    className: 'whitespace-nowrap text-slate-600',
    cell: (r) => `${r.createdAt.slice(0, 16).replace('T', ' ')} UTC${r.createdBy ? ` · ${r.createdBy}` : ''}`,
  },
];

export function ReleasesTable({ releases }: { releases: ReleaseSummary[] }) {
  return <DataTable label="Releases" columns={COLUMNS} rows={releases} rowKey={(r) => r.id} density="compact" />;
}

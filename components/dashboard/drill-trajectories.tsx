import Link from 'next/link';
import { OutcomeBadge } from '@/components/contrast/outcome-badge';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPagedTable } from '@/components/ui/link-paged-table';
import type { Page } from '@/lib/http/pagination';
import type { DrillTrajectory } from '@/lib/dashboard/list-trajectories';

const COLUMNS: ColumnDef<DrillTrajectory>[] = [
  { header: 'Task', cell: (t) => <Link href={`/trajectories/${t.id}`} className="text-indigo-700 underline">{t.task.benchmark} · {t.task.externalId}</Link> },
  { header: 'Ability', cell: (t) => t.task.ability ?? '—' },
  { header: 'Model', cell: (t) => t.model },
  { header: 'Round', cell: (t) => t.memoryRelease ?? 'R0' },
  { header: 'Outcome', cell: (t) => <OutcomeBadge passed={t.passed} /> },
  { header: 'Failed checkpoints', className: 'tabular-nums', cell: (t) => t.failedCount },
  { header: 'Imported', className: 'text-slate-500', cell: (t) => t.createdAt.slice(0, 10) },
];

/** The trajectories behind a dashboard point. */
export function DrillTrajectories({ page, params }: { page: Page<DrillTrajectory>; params: Record<string, string> }) {
  return (
    <LinkPagedTable testId="drill-trajectories" columns={COLUMNS} page={page} params={params} pager={{ label: 'Trajectory pages', noun: ['trajectory', 'trajectories'], path: '/dashboard/trajectories' }}
      empty={<EmptyState title="No trajectory matches">Go back to the dashboard and pick another point.</EmptyState>}
    />
  );
}

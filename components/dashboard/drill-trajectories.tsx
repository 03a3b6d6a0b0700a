import Link from 'next/link';
import { OutcomeBadge } from '@/components/contrast/outcome-badge';
import type { ColumnDef } from '@/components/ui/data-table';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { Page } from '@/lib/http/pagination';
import type { DrillTrajectory } from '@/lib/dashboard/list-trajectories';
import { trajectoryHref } from '@/lib/trajectories/event-link';
import { DrillTable } from './drill-list';

// Benchmarks, task ids, abilities, models, agents and release names are imported text: bidi controls shown as markers, long ones cut with the whole text on hover.
const COLUMNS: ColumnDef<DrillTrajectory>[] = [
  {
    header: 'Task',
    cell: (t) => (
      <Link href={trajectoryHref(t.id)} className="text-indigo-700 underline">
        <UntrustedText text={`${t.task.benchmark} · ${t.task.externalId}`} clip="max-w-[16rem]" testId="drill-task" />
      </Link>
    ),
  },
  {
    header: 'Ability',
    cell: (t) => (t.task.ability === null ? '—' : <UntrustedText text={t.task.ability} clip="max-w-[10rem]" />),
  },
  { header: 'Model', cell: (t) => <UntrustedText text={t.model} clip="max-w-[14rem]" testId="drill-model" /> },
  { header: 'Agent', cell: (t) => (t.agent === null ? '—' : <UntrustedText text={t.agent} clip="max-w-[10rem]" />) },
  {
    header: 'Round',
    cell: (t) => (t.memoryRelease === null ? 'R0' : <UntrustedText text={t.memoryRelease} clip="max-w-[10rem]" />),
  },
  { header: 'Outcome', cell: (t) => <OutcomeBadge passed={t.passed} /> },
  { header: 'Failed checkpoints', className: 'tabular-nums', cell: (t) => t.failedCount },
  { header: 'Imported', className: 'text-slate-600', cell: (t) => t.createdAt.slice(0, 10) },
];

/** The trajectories behind a dashboard point. */
export function DrillTrajectories({ page, params }: { page: Page<DrillTrajectory>; params: Record<string, string> }) {
  return (
    <DrillTable
      path="/dashboard/trajectories"
      noun={['trajectory', 'trajectories']}
      columns={COLUMNS}
      page={page}
      params={params}
    />
  );
}

import { notFound } from 'next/navigation';
import Link from 'next/link';
import { AlignedStepsTable } from '@/components/contrast/aligned-steps-table';
import { CheckpointGrid } from '@/components/contrast/checkpoint-grid';
import { TaskContrastHeader } from '@/components/contrast/task-contrast-header';
import { TaskReflectionPanel } from '@/components/reflection/task-reflection-panel';
import { EvaluatorArtefacts } from '@/components/tasks/evaluator-artefacts';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { MAX_CONTRAST_TRAJECTORIES } from '@/lib/contrast/align-tool-calls';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { searchParamsRecord } from '@/lib/http/pagination';
import { orNotFound } from '@/lib/pages/or-not-found';
import { listEvaluatorArtefacts } from '@/lib/tasks/list-evaluator-artefacts';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { taskHref } from '@/lib/trajectories/event-link';
import type { DetailPageProps } from '@/lib/pages/page-props';

export const metadata = { title: 'Task contrast' };

/** The task page is the same-task contrast view. */
export default async function TaskContrastPage({ params, searchParams }: DetailPageProps<{ taskId: string }>) {
  const actor = await requirePageActor('trajectory:read');
  const { taskId } = await params;
  // runs=<id>,<id>: only those runs (the compare page's "open the two runs side by side").
  const { runs } = searchParamsRecord(await searchParams);
  const asked = runs ? runs.split(',').filter((id) => id.trim()).length : 0;
  // A malformed id (it does not parse) is as missing as an unknown one.
  // ./layout.tsx answered 404 for a missing task; one removed since then lands on ../not-found.tsx too.
  const view =
    (await orNotFound(loadTaskContrast(actor, taskId, { runs }), { malformedIsMissing: true })) ?? notFound();
  const { task, trajectories } = view;
  const artefacts = await listEvaluatorArtefacts(actor, task.id);
  return (
    <>
      <PageHeader
        title={revealBidi(`${task.benchmark} · ${task.externalId}`)}
        description="Every run of this task side by side, aligned by tool call, with the first step where passing and failing runs part ways."
        actions={
          <span className="flex flex-wrap gap-4">
            {can(actor.role, 'proposal:review') ? (
              <Link
                href={`/reviews/new?taskId=${encodeURIComponent(task.id)}`}
                className="text-sm font-medium text-indigo-700 hover:underline"
                data-testid="write-card-link"
              >
                Write a card by hand
              </Link>
            ) : null}
            <Link href="/tasks" className="text-sm font-medium text-indigo-700 hover:underline">
              All tasks
            </Link>
          </span>
        }
      />
      <TaskContrastHeader task={task} trajectories={trajectories} grid={view.grid} />
      <EvaluatorArtefacts artefacts={artefacts} />
      <div className="mb-6">
        <TaskReflectionPanel taskId={task.id} canRun={can(actor.role, 'reflection:run')} />
      </div>
      {trajectories.length === 0 && runs ? (
        <EmptyState title="None of the runs in this link is a run of this task">
          <Link href={taskHref(task.id)} className="font-medium text-indigo-700 hover:underline">
            Show every run of the task
          </Link>
        </EmptyState>
      ) : trajectories.length === 0 ? (
        <EmptyState title="No trajectories yet">Import runs of this task to compare them here.</EmptyState>
      ) : (
        <>
          {runs ? (
            <p
              className="mb-4 rounded-md bg-indigo-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-indigo-200"
              data-testid="selected-runs-note"
            >
              Showing {trajectories.length} chosen run{trajectories.length === 1 ? '' : 's'} of {view.trajectoryTotal}
              {asked > trajectories.length
                ? ` (${asked - trajectories.length} of the runs in this link are not runs of this task)`
                : ''}
              .{' '}
              <Link href={taskHref(task.id)} className="font-medium text-indigo-700 hover:underline">
                Show every run
              </Link>
            </p>
          ) : view.trajectoryTotal > trajectories.length ? (
            <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
              Showing {trajectories.length} of {view.trajectoryTotal} trajectories (at most {MAX_CONTRAST_TRAJECTORIES},
              by model and trial).
            </p>
          ) : null}
          <AlignedStepsTable
            trajectories={trajectories}
            steps={view.steps}
            divergence={view.divergence}
            divergenceDetails={view.divergenceDetails}
            truncated={view.truncated}
            maxSteps={view.maxSteps}
          />
          <CheckpointGrid
            trajectories={trajectories}
            checkpoints={view.checkpoints}
            grid={view.grid}
            diagnosesScope={view.diagnosesScope}
          />
        </>
      )}
    </>
  );
}

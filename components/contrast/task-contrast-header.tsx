import Link from 'next/link';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { failedWithoutFailedCheckpoint } from '@/lib/contrast/failed-without-checkpoint';
import type { TaskContrast } from '@/lib/contrast/load-task-contrast';
import { failedWithoutCheckpointNote } from '@/lib/trajectories/no-failed-checkpoint';
import { runLabel } from '@/lib/trajectories/run-label';
import { trajectoryHref } from '@/lib/trajectories/event-link';

/** Task facts above the contrast: what the agents were asked, where the task comes from. */
export function TaskContrastHeader({ task, trajectories, grid }: Pick<TaskContrast, 'task' | 'trajectories' | 'grid'>) {
  const passed = trajectories.filter((t) => t.passed).length;
  const runLevel = failedWithoutFailedCheckpoint({ trajectories, grid });
  return (
    <section aria-label="Task" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dl className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Fact label="Benchmark" value={task.benchmark} />
        <Fact label="Task" value={task.externalId} />
        <Fact label="Ability" value={task.ability ?? '—'} />
        <Fact label="Apps" value={task.apps.length ? task.apps.join(', ') : '—'} />
        <Fact
          label="Runs"
          value={`${trajectories.length} (${passed} passed, ${trajectories.length - passed} failed)`}
        />
      </dl>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Instruction</h2>
      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800" data-testid="task-instruction">
        <UntrustedText text={task.instruction} />
      </p>
      {runLevel.length ? (
        <div
          data-testid="failed-without-checkpoint"
          className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <p>{failedWithoutCheckpointNote(runLevel.length, true)}</p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" aria-label="Failed runs without a failed checkpoint">
            {runLevel.map((t) => (
              <li key={t.id}>
                <Link href={trajectoryHref(t.id)} className="text-indigo-700 underline">
                  <UntrustedText text={runLabel(t)} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium text-slate-800">
        <UntrustedText text={value} />
      </dd>
    </div>
  );
}

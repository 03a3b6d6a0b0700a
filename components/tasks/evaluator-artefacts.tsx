import Link from 'next/link';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { EvaluatorArtefact } from '@/lib/tasks/list-evaluator-artefacts';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

/** The task's checks flagged as evaluator / task artefacts, with the annotators' reasons (for benchmark maintainers). */
export function EvaluatorArtefacts({ artefacts }: { artefacts: EvaluatorArtefact[] }) {
  return (
    <section
      aria-labelledby="evaluator-artefacts-title"
      data-testid="evaluator-artefacts"
      className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="evaluator-artefacts-title" className="text-sm font-semibold">
        Flagged checks: not an agent failure (evaluator / task artefact)
      </h2>
      {artefacts.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No check of this task is flagged. An annotator flags one from the workspace (key a) when the evaluator or the
          task definition, not the agent, is wrong.
        </p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {artefacts.map((a) => (
            <li key={a.diagnosisId} className="rounded-md bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <UntrustedText text={a.checkpointKey} className="font-mono text-xs font-semibold" />
                <UntrustedText text={a.checkpointName} className="min-w-0 truncate text-slate-700" />
                <Link
                  href={trajectoryEventHref(a.trajectoryId, a.eventIndex, { checkpointResultId: a.checkpointResultId })}
                  className="text-xs font-medium text-indigo-700 hover:underline"
                >
                  <UntrustedText text={a.model} /> run
                </Link>
                <span className="text-xs text-slate-600">
                  flagged by <UntrustedText text={a.author} />
                  {a.submittedAt ? ` on ${a.submittedAt.slice(0, 10)}` : ''}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">
                <UntrustedText text={a.reason} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

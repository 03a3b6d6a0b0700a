import type { Leak } from '@/lib/releases/leak-schema';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

/** Leaks with the provenance path linking each card to the task (trajectory ids link to the trajectory). */
export function LeakList({ leaks, showTask = false }: { leaks: Leak[]; showTask?: boolean }) {
  return (
    <ul className="space-y-2 text-sm">
      {leaks.map((l) => (
        <li
          key={`${l.taskId} ${l.versionId}`}
          className="rounded border border-amber-200 bg-white px-3 py-2"
          data-leak-card={l.cardKey}
        >
          <p className="font-medium text-slate-900">
            {showTask ? (
              <>
                <span className="font-mono text-xs">
                  {l.benchmark} · {l.taskExternalId}
                </span>{' '}
                →{' '}
              </>
            ) : null}
            <span className="font-mono text-xs">{l.cardKey}</span> v{l.version}
          </p>
          <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-600">
            {l.paths.map((p, i) => (
              <li key={i}>
                {p.text}
                {p.trajectoryId ? (
                  <>
                    {' '}
                    (
                    <a className="text-indigo-700 underline" href={trajectoryEventHref(p.trajectoryId)}>
                      open trajectory
                    </a>
                    )
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

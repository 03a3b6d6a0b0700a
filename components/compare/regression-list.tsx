import Link from 'next/link';
import type { Flip } from '@/lib/compare/build-report';
import type { RegressionDetail, CardTiming } from '@/lib/compare/regression-cards';
import { taskContrastHref, trajectoryEventHref } from '@/lib/trajectories/event-link';

/** The task contrast with only the two runs of a pair, side by side and aligned at their divergence. */
export const pairContrastHref = (f: Pick<Flip, 'taskId' | 'runA' | 'runB'>) =>
  taskContrastHref(f.taskId, [f.runA, f.runB]);

function timingText(t: CardTiming, at: number | null): string {
  switch (t.kind) {
    case 'task-start':
      return 'skill card: rendered at task start, before the failing step';
    case 'pre-tool':
      return `function card: its call at step ${t.firstCallAt} came before the failing step${at === null ? '' : ` (${at})`}`;
    case 'not-before-failure':
      return t.firstCallAt === null
        ? 'function card: its function was never called, so it was not rendered'
        : `function card: first called at step ${t.firstCallAt}, after the failing step`;
    default:
      return 'not known: the card is not in this console, or the failed checkpoint is not anchored to a step';
  }
}

/** Flipped tasks, regressions (pass→fail) first, each with the two runs and the later run's cards. */
export function RegressionList({
  flips,
  details,
  kind,
}: {
  flips: Flip[];
  details: RegressionDetail[];
  kind: 'broke' | 'fixed';
}) {
  const detailOf = new Map(details.map((d) => [d.runB, d]));
  const rows = flips.filter((f) => f.kind === kind);
  if (!rows.length)
    return (
      <p className="text-sm text-slate-600">
        {kind === 'broke' ? 'No task went from pass to fail.' : 'No task went from fail to pass.'}
      </p>
    );
  return (
    <ol className="space-y-3" data-testid={kind === 'broke' ? 'regressions' : 'fixes'}>
      {rows.map((f) => {
        const d = detailOf.get(f.runB);
        const at = d?.failedCheckpoint?.eventIndex ?? null;
        return (
          <li key={`${f.runA} ${f.runB}`} className="rounded-md p-3 ring-1 ring-slate-200" data-testid="flip">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className={`text-xs font-semibold ${kind === 'broke' ? 'text-rose-700' : 'text-emerald-700'}`}>
                {kind === 'broke' ? 'pass→fail' : 'fail→pass'}
              </span>
              <span className="font-medium">
                {f.benchmark} · {f.taskExternalId}
              </span>
              <span className="text-sm text-slate-600">
                trial {f.trial ?? 0} · {f.model.a === f.model.b ? f.model.a : `${f.model.a} → ${f.model.b}`} ·
                checkpoints {f.checkpoints.a} → {f.checkpoints.b}
              </span>
              <Link
                href={pairContrastHref(f)}
                className="text-sm font-medium text-indigo-700 hover:underline"
                data-testid="open-pair"
              >
                Open the two runs side by side
              </Link>
            </div>
            {d ? (
              <div className="mt-2 text-sm">
                {d.failedCheckpoint ? (
                  <p>
                    First failed checkpoint of the later run:{' '}
                    <Link
                      href={trajectoryEventHref(f.runB, d.failedCheckpoint.eventIndex, {
                        checkpointResultId: d.failedCheckpoint.id,
                      })}
                      className="text-indigo-700 hover:underline"
                    >
                      {d.failedCheckpoint.name}
                      {at === null ? ' (not anchored to a step)' : ` at step ${at}`}
                    </Link>
                  </p>
                ) : (
                  <p className="text-slate-600">
                    The later run failed without a failed checkpoint (a run-level failure).
                  </p>
                )}
                {d.cards.length ? (
                  <ul className="mt-1 list-disc pl-5" aria-label="Cards injected into the later run">
                    {d.cards.map((c) => (
                      <li key={c.ref}>
                        {c.cardId ? (
                          <Link
                            href={`/cards/${encodeURIComponent(c.cardId)}`}
                            className="text-indigo-700 hover:underline"
                          >
                            {c.title ?? c.ref}
                          </Link>
                        ) : (
                          <span className="font-mono text-xs">{c.ref}</span>
                        )}{' '}
                        <span className="text-slate-600">— {timingText(c.timing, at)}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600">The later run was given no cards (memory.card_ids is empty).</p>
                )}
              </div>
            ) : kind === 'broke' ? (
              <p className="mt-2 text-sm text-slate-600">
                Cards in the later run: {f.cardIdsB.length ? f.cardIdsB.join(', ') : 'none'}.
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

import Link from 'next/link';
import { ExpandableText } from '@/components/ui/expandable-text';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { TrajectoryView } from '@/lib/trajectories/get-trajectory';
import { DataQualityNotice } from './data-quality-warning';
import { runDetail, runLabel } from '@/lib/trajectories/run-label';
import { outcomeExplanation } from '@/lib/trajectories/reward-basis';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { taskHref, trajectoryHref } from '@/lib/trajectories/event-link';

/** Task and outcome at a glance, with the way to the other attempts at the same task. */
export function TrajectoryHeader({
  view,
  awaiting = view.pendingCount,
}: {
  view: TrajectoryView;
  /** Live count (the workspace's diagnoses), not the one the page loaded with. */ awaiting?: number;
}) {
  return (
    // On wide screens it may shrink (and scroll) only when it would leave the timeline less than its minimum.
    <header className="mb-3 shrink-0 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 lg:min-h-0 lg:shrink lg:overflow-y-auto">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <UntrustedText text={view.task.benchmark} className="min-w-0 font-mono" />
        <span>·</span>
        <UntrustedText text={view.task.externalId} className="min-w-0 font-mono" testId="trajectory-task-id" />
        {view.task.ability ? <span className="rounded bg-slate-100 px-1.5 py-0.5">{view.task.ability}</span> : null}
        <span>·</span>
        <span>{plural(view.eventCount, 'event')}</span>
        <Link href={taskHref(view.task.id)} className="ml-auto text-sm font-medium text-indigo-700 hover:underline">
          Compare all attempts at this task →
        </Link>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-lg font-semibold tracking-tight" data-testid="trajectory-model">
          <UntrustedText text={view.model} />
          {/* The harness and trial tell two runs of one model apart. */}
          {runDetail(view) ? (
            <span className="ml-2 text-base font-normal text-slate-600" data-testid="trajectory-run">
              {runDetail(view)}
            </span>
          ) : null}
        </h1>
        <span
          data-testid="trajectory-outcome"
          className={`rounded px-2 py-0.5 text-xs font-semibold ${view.passed ? 'bg-emerald-100 text-emerald-800' : 'bg-rose-100 text-rose-800'}`}
        >
          {view.passed ? 'passed' : 'failed'}
          {view.score != null ? ` · score ${view.score}` : ''}
          {view.outcomeReason ? ` · ${view.outcomeReason}` : ''}
        </span>
        <span className="text-sm text-slate-600">
          {view.runLevel ? 'no failed checkpoint, diagnosed as a whole' : plural(view.failedCount, 'failed checkpoint')}
          , <span data-testid="trajectory-awaiting">{awaiting}</span> awaiting diagnosis
        </span>
        {view.claim ? <span className="text-xs text-slate-600">claimed by {view.claim.userName}</span> : null}
      </div>
      <OutcomeExplanation view={view} />
      {/* Why the run ended, in words: a run stopped at the step limit has no checkpoint result to say so. */}
      {view.termination ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="trajectory-termination">
          <UntrustedText text={view.termination} />
        </p>
      ) : null}
      <ExpandableText
        text={view.task.instruction}
        storageKey="instruction"
        what="instruction"
        lines={2}
        testId="task-instruction"
        className="mt-1.5"
      />
      <DataQualityNotice warnings={view.dataQualityWarnings ?? []} />
      <nav aria-label="Same task" className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
        {view.siblings.length ? <span className="text-slate-500">Other attempts:</span> : null}
        {view.siblings.map((s) => (
          <Link
            title={revealBidi(runLabel(s))}
            key={s.id}
            href={trajectoryHref(s.id)}
            className={`inline-block max-w-[18rem] truncate rounded px-2 py-0.5 align-bottom text-xs ring-1 ${s.passed ? 'text-emerald-800 ring-emerald-200' : 'text-rose-800 ring-rose-200'} hover:bg-slate-50`}
          >
            {revealBidi(s.model)}
            {/* Same model under another harness (e.g. two agents on one LLM) must stay distinguishable. */}
            {[view, ...view.siblings].some((o) => o.id !== s.id && o.model === s.model && o.agent !== s.agent) &&
            s.agent
              ? ` (${s.agent})`
              : ''}
            {s.trial != null ? ` #${s.trial}` : ''} {s.passed ? '✓' : '✗'}
          </Link>
        ))}
      </nav>
    </header>
  );
}

/** Why the run passed or failed when its source says which checks counted (its reward basis). */
function OutcomeExplanation({ view }: { view: TrajectoryView }) {
  const text = outcomeExplanation(view);
  if (!text) return null;
  // Checkpoint keys are imported text: shown as text, never as markup.
  return (
    <p data-testid="trajectory-outcome-explanation" className="mt-1 text-sm text-slate-700">
      <UntrustedText text={text} />
    </p>
  );
}

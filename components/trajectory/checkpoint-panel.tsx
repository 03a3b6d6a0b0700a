'use client';

import { useEffect, useRef } from 'react';
import { pointsLabel } from '@/lib/queue/checkpoint-label';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { CheckpointView, TrajectoryView } from '@/lib/trajectories/get-trajectory';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { decidedOutcome, INFORMATIONAL_NOTE, isInformational } from '@/lib/trajectories/reward-basis';

/**
 * Every checkpoint with its verdict; clicking one jumps to its anchored event. On wide screens a long
 * list (real τ²-bench runs have 20–30 checkpoints) scrolls on its own, so the diagnosis form under it
 * stays in view, and the active checkpoint is kept in view in it ("]", a link with ?checkpoint=).
 */
export function CheckpointPanel({
  checkpoints,
  unscored = [],
  diagnoses,
  activeId,
  meId,
  runPassed = false,
  onSelect,
  runTarget = null,
}: {
  checkpoints: CheckpointView[];
  /** The task's checkpoints without a result in this run: named, so a missing check is not read as passed. */
  unscored?: TrajectoryView['unscored'];
  diagnoses: DiagnosisView[];
  activeId: string | null;
  meId: string;
  /** The run's own outcome: in a failed run the failed checks inside the reward basis decided it. */
  runPassed?: boolean;
  onSelect: (c: CheckpointView) => void;
  /** The failed run diagnosed as a whole (no checkpoint result failed), offered after the checkpoints. */
  runTarget?: CheckpointView | null;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const ol = list.current;
    const row = ol?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!ol || !row || ol.scrollHeight <= ol.clientHeight) return;
    // The list's own scroll only (scrollIntoView would also move the panel and, on narrow screens, the page).
    const top = row.offsetTop; // from the list's top: the list is the rows' offset parent (relative)
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (top + row.offsetHeight > ol.scrollTop + ol.clientHeight)
      ol.scrollTop = top + row.offsetHeight - ol.clientHeight;
  }, [activeId]);
  const missing = unscored.length ? (
    <p data-testid="checkpoints-unscored" className="mt-2 text-xs text-slate-600">
      No result in this run:{' '}
      {unscored.map((c, i) => (
        <span key={c.key} title={revealBidi(c.name)}>
          {i ? ', ' : ''}
          <UntrustedText text={c.key} className="font-mono" />
        </span>
      ))}
    </p>
  ) : null;
  const whole = runTarget ? (
    <RunTargetButton
      target={runTarget}
      diagnoses={diagnoses}
      active={activeId === runTarget.id}
      meId={meId}
      onSelect={onSelect}
    />
  ) : null;
  if (!checkpoints.length) {
    return (
      <>
        <p className="text-sm text-slate-600">No checkpoint results were imported for this trajectory.</p>
        {missing}
        {whole}
      </>
    );
  }
  return (
    <>
      <ol
        ref={list}
        aria-label="Checkpoints"
        data-testid="checkpoint-list"
        className="relative space-y-1 p-px lg:max-h-[40vh] lg:overflow-y-auto"
      >
        {checkpoints.map((c) => {
          const ds = diagnoses.filter((d) => d.targetId === c.id);
          const submitted = ds.some((d) => d.status === 'SUBMITTED');
          const artefact = ds.some((d) => d.status === 'SUBMITTED' && d.outcome === 'EVALUATOR_ARTEFACT');
          const myDraft = ds.some((d) => d.status === 'DRAFT' && d.author.id === meId);
          return (
            <li key={c.id}>
              <button
                type="button"
                data-testid={`checkpoint-${c.key}`}
                aria-current={activeId === c.id ? 'true' : undefined}
                onClick={() => onSelect(c)}
                className={`w-full rounded-md px-3 py-1.5 text-left text-sm ring-1 hover:bg-slate-50 ${activeId === c.id ? 'bg-indigo-50 ring-indigo-400' : 'bg-white ring-slate-200'}`}
              >
                {/* One line per checkpoint: the active one's expectation and note are shown in full below. */}
                <div className="flex items-center gap-2">
                  <span
                    className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${c.passed ? 'bg-emerald-100 text-emerald-800' : 'bg-rose-100 text-rose-800'}`}
                  >
                    {c.passed ? 'pass' : 'fail'}
                  </span>
                  <UntrustedText
                    text={c.key}
                    clip="max-w-[8rem]"
                    className="shrink-0 font-mono text-xs text-slate-600"
                  />
                  <span
                    className="min-w-0 flex-1 truncate font-medium"
                    title={revealBidi(c.note ? `${c.name} — ${c.note}` : c.name)}
                  >
                    <UntrustedText text={c.name} />
                  </span>
                  {pointsLabel(c.score, c.total) ? (
                    <span
                      data-testid={`checkpoint-${c.key}-points`}
                      className="shrink-0 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-900 ring-1 ring-amber-200"
                    >
                      {pointsLabel(c.score, c.total)}
                    </span>
                  ) : null}
                  {isInformational(c) ? (
                    <span
                      title={INFORMATIONAL_NOTE}
                      data-testid={`checkpoint-${c.key}-informational`}
                      className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-700"
                    >
                      informational
                    </span>
                  ) : null}
                  {decidedOutcome(c, runPassed) ? (
                    <span
                      title="inside this task's reward basis: this check decided the outcome"
                      data-testid={`checkpoint-${c.key}-decided`}
                      className="shrink-0 rounded bg-rose-50 px-1.5 py-0.5 text-[11px] text-rose-800 ring-1 ring-rose-200"
                    >
                      decided the outcome
                    </span>
                  ) : null}
                  {!c.passed && submitted ? (
                    <span className="shrink-0 text-[11px] text-emerald-700">
                      {artefact ? 'flagged: evaluator / task' : 'diagnosed'}
                    </span>
                  ) : null}
                  {!c.passed && !submitted && myDraft ? (
                    <span className="shrink-0 text-[11px] text-amber-700">your draft</span>
                  ) : null}
                  <span className="shrink-0 text-[11px] text-slate-600">
                    {c.eventIndex != null ? `#${c.eventIndex}` : '—'}
                  </span>
                </div>
                {c.note ? <span className="sr-only">{revealBidi(c.note)}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
      {missing}
      {whole}
    </>
  );
}

/** The run as a whole: what the annotator diagnoses when the run failed without a failed checkpoint result. */
function RunTargetButton({
  target,
  diagnoses,
  active,
  meId,
  onSelect,
}: {
  target: CheckpointView;
  diagnoses: DiagnosisView[];
  active: boolean;
  meId: string;
  onSelect: (c: CheckpointView) => void;
}) {
  const ds = diagnoses.filter((d) => d.targetId === target.id);
  const submitted = ds.some((d) => d.status === 'SUBMITTED');
  const myDraft = ds.some((d) => d.status === 'DRAFT' && d.author.id === meId);
  return (
    <button
      type="button"
      data-testid="checkpoint-run"
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(target)}
      className={`mt-2 w-full rounded-md px-3 py-1.5 text-left text-sm ring-1 hover:bg-slate-50 ${active ? 'bg-indigo-50 ring-indigo-400' : 'bg-white ring-slate-200'}`}
    >
      <span className="flex items-center gap-2">
        <span className="rounded bg-rose-100 px-1.5 py-0.5 text-[11px] font-semibold text-rose-800">fail</span>
        <span className="min-w-0 flex-1 font-medium">{target.name}</span>
        {submitted ? <span className="shrink-0 text-[11px] text-emerald-700">diagnosed</span> : null}
        {!submitted && myDraft ? <span className="shrink-0 text-[11px] text-amber-700">your draft</span> : null}
      </span>
      {target.description ? (
        <span className="mt-0.5 block text-xs text-slate-600" data-testid="run-termination">
          <UntrustedText text={target.description} />
        </span>
      ) : null}
    </button>
  );
}

'use client';

import { useRef } from 'react';
import type { ContrastStep, TaskContrast } from '@/lib/contrast/load-task-contrast';
import { runLabel } from '@/lib/trajectories/run-label';
import { BreakAfterDots } from './break-after-dots';
import { DivergenceDetails } from './divergence-details';
import { TrajectoryColumnHeader } from './trajectory-column-header';
import { WideColumnHead, WideScroll, WideTable } from './wide-scroll';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';

type Props = Pick<
  TaskContrast,
  'trajectories' | 'steps' | 'divergence' | 'divergenceDetails' | 'truncated' | 'maxSteps'
>;

/**
 * The tool calls of every run side by side, one aligned step per row, with a
 * sticky step-number column. The table grows with the page (no inner
 * vertical scroll box); only its width scrolls. The first divergence row is
 * highlighted, "Jump to step N" brings it into the window, and the summary
 * says how each differing run departs from the passing runs.
 */
export function AlignedStepsTable({ trajectories, steps, divergence, divergenceDetails, truncated, maxSteps }: Props) {
  const divergenceRow = useRef<HTMLTableRowElement>(null);
  const departsAt = divergence.perRun;
  const differing = new Set(divergence.differing);
  const departureRows = new Map(Object.entries(divergence.departures).map(([id, rows]) => [id, new Set(rows)]));

  const showDivergence = () => {
    const row = divergenceRow.current;
    if (!row) return;
    // Scrolls the page (and the sideways box) so the row itself is in the window.
    row.scrollIntoView({ block: 'center', inline: 'nearest' });
    row.focus({ preventScroll: true });
  };

  // Model and agent names are imported: their bidi controls are shown as markers in every sentence below.
  const modelOf = new Map(trajectories.map((t) => [t.id, revealBidi(runLabel(t))]));
  const contrasted = divergence.mode === 'pass-vs-fail';
  const markLabel = contrasted ? 'departs from passing runs' : 'differs from the others';
  return (
    <section aria-labelledby="aligned-steps-title" className="mb-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="aligned-steps-title" className="text-lg font-semibold">
          Tool calls, aligned step by step
        </h2>
        {divergence.row !== null ? (
          <button
            type="button"
            onClick={showDivergence}
            className="text-sm font-medium text-indigo-700 hover:underline"
          >
            Jump to step {divergence.row + 1}
          </button>
        ) : null}
      </div>
      <p
        role="status"
        data-testid="divergence-summary"
        className={`mb-2 rounded-md px-3 py-2 text-sm ring-1 ${divergence.row !== null ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200'}`}
      >
        {divergence.message}
        {divergence.differing.length
          ? ` Differs: ${divergence.differing.map((id) => modelOf.get(id) ?? id).join(', ')}.`
          : ''}
      </p>
      {divergenceDetails.length && divergence.row !== null ? (
        <DivergenceDetails
          details={divergenceDetails}
          step={divergence.row + 1}
          labelOf={(id) => modelOf.get(id) ?? id}
        />
      ) : null}
      {truncated.length ? (
        <p className="mb-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          Only the first {maxSteps} tool calls of a trajectory are aligned.{' '}
          {truncated.map((t) => `${modelOf.get(t.trajectoryId) ?? t.trajectoryId}: ${t.kept} of ${t.total}`).join('; ')}
          . Open the trajectory for the rest.
        </p>
      ) : null}
      {steps.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-3 py-6 text-center text-sm text-slate-600">
          None of these runs made a tool call: there is nothing to align.
        </p>
      ) : (
        <WideScroll label="Aligned tool calls" columns={plural(trajectories.length, 'run')} testId="aligned-steps">
          <WideTable
            caption="One column per trajectory, one row per aligned step; an empty cell (gap) means that run made no matching call."
            corner="Step"
            cornerClassName="z-20 w-24"
            head={trajectories.map((t) => (
              <WideColumnHead key={t.id} testId="contrast-column" className="min-w-[15rem] max-w-[20rem]">
                <TrajectoryColumnHeader trajectory={t} />
              </WideColumnHead>
            ))}
          >
            <tbody>
              {steps.map((row, r) => {
                const isDivergence = r === divergence.row;
                return (
                  <tr
                    key={r}
                    ref={isDivergence ? divergenceRow : undefined}
                    tabIndex={isDivergence ? -1 : undefined}
                    data-testid={isDivergence ? 'divergence-row' : 'step-row'}
                    className={isDivergence ? 'bg-amber-50 outline-none' : 'even:bg-slate-50/50'}
                  >
                    <th
                      scope="row"
                      className={`sticky left-0 z-[5] border-r border-b border-slate-200 px-3 py-2 text-left align-top font-mono text-xs font-medium ${isDivergence ? 'bg-amber-100 text-amber-900' : 'bg-white text-slate-600'}`}
                    >
                      {r + 1}
                      {isDivergence ? (
                        <span className="mt-1 block font-sans text-[11px] font-semibold uppercase leading-tight">
                          {contrasted ? 'First divergence' : 'First disagreement'}
                        </span>
                      ) : null}
                    </th>
                    {row.map((cell, c) => {
                      const id = trajectories[c].id;
                      const first = departsAt[id] === r || (isDivergence && differing.has(id));
                      const later = !first && departureRows.get(id)?.has(r) === true;
                      return (
                        <StepCell
                          key={id}
                          cell={cell}
                          mark={first ? markLabel : null}
                          differs={later}
                          full={isDivergence}
                        />
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </WideTable>
        </WideScroll>
      )}
    </section>
  );
}

/** `mark`: this run's first departure (labelled); `differs`: a later step where it still does something else. */
function StepCell({
  cell,
  mark,
  differs,
  full,
}: {
  cell: ContrastStep | null;
  mark: string | null;
  differs: boolean;
  full: boolean;
}) {
  const ring = mark
    ? 'bg-rose-50 shadow-[inset_3px_0_0_0_rgb(225,29,72)]'
    : differs
      ? 'bg-rose-50/50 shadow-[inset_3px_0_0_0_rgb(253,164,175)]'
      : '';
  if (!cell) {
    return (
      <td className={`border-b border-slate-100 px-3 py-2 align-top text-xs text-slate-500 ${ring}`} data-gap="true">
        <span aria-hidden="true">—</span>
        <span className="sr-only">gap: no matching call{differs ? ' (differs from the passing runs)' : ''}</span>
        {mark ? <span className="ml-1 text-rose-700">missing here: {mark}</span> : null}
      </td>
    );
  }
  return (
    <td className={`max-w-[20rem] border-b border-slate-100 px-3 py-2 align-top ${ring}`}>
      <div className="font-mono text-[13px] font-medium text-slate-900 [overflow-wrap:anywhere]">
        <BreakAfterDots text={cell.tool} />
      </div>
      {cell.args ? (
        // At the divergence the arguments are shown whole: the differing keys are often the last ones.
        <div
          className={`mt-0.5 text-xs text-slate-600 [overflow-wrap:anywhere] ${full ? '' : 'line-clamp-3'}`}
          title={revealBidi(cell.args)}
        >
          <UntrustedText text={cell.args} />
        </div>
      ) : null}
      <div className="mt-0.5 text-[11px] text-slate-600">
        call {cell.index + 1} · event {cell.position}
        {mark ? <span className="ml-1 font-medium text-rose-700">{mark}</span> : null}
        {differs ? <span className="sr-only"> (differs from the passing runs)</span> : null}
      </div>
    </td>
  );
}

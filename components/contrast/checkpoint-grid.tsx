import Link from 'next/link';
import type { ContrastDiagnosis, ContrastGridCell, TaskContrast } from '@/lib/contrast/load-task-contrast';
import { runDetail } from '@/lib/trajectories/run-label';
import { BreakAfterDots } from './break-after-dots';
import { OutcomeBadge } from './outcome-badge';
import { WideColumnHead, WideScroll, WideTable } from './wide-scroll';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

type Props = Pick<TaskContrast, 'trajectories' | 'checkpoints' | 'grid' | 'diagnosesScope'>;

/**
 * Trajectories × checkpoints: pass/fail at a glance, submitted diagnoses
 * inline; every cell opens its trajectory at that checkpoint. Names, notes and
 * diagnoses are untrusted text: shown (and in tooltips) with bidi markers.
 */
export function CheckpointGrid({ trajectories, checkpoints, grid, diagnosesScope }: Props) {
  if (!checkpoints.length) {
    return (
      <section aria-labelledby="checkpoint-grid-title" className="mb-8">
        <h2 id="checkpoint-grid-title" className="mb-2 text-lg font-semibold">
          Checkpoints
        </h2>
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-3 py-6 text-center text-sm text-slate-600">
          This task defines no checkpoints; only the overall outcome of each run is known.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="checkpoint-grid-title" className="mb-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checkpoint-grid-title" className="text-lg font-semibold">
          Checkpoints
        </h2>
        <p className="text-xs text-slate-600">
          {diagnosesScope === 'all' ? 'Showing every submitted diagnosis.' : 'Showing your own submitted diagnoses.'}{' '}
          Select a cell to open that run at the checkpoint.
        </p>
      </div>
      <WideScroll label="Checkpoint results" columns={plural(checkpoints.length, 'checkpoint')}>
        <WideTable
          caption="Checkpoint results: one row per trajectory, one column per checkpoint."
          corner="Run"
          cornerClassName="z-10 min-w-[12rem]"
          testId="checkpoint-grid"
          head={checkpoints.map((c) => (
            <WideColumnHead key={c.id} className="min-w-[14rem] max-w-[20rem] text-left">
              <span className="block font-mono text-[13px] font-semibold text-slate-900 [overflow-wrap:anywhere]">
                <BreakAfterDots text={c.name} />
              </span>
              {c.description ? (
                <span
                  className="line-clamp-4 block text-xs font-normal text-slate-600 [overflow-wrap:anywhere]"
                  title={revealBidi(c.description)}
                >
                  <UntrustedText text={c.description} />
                </span>
              ) : null}
              <span className="block text-[11px] font-normal text-slate-500">
                <UntrustedText text={c.kind ? `${c.key} · ${c.kind}` : c.key} />
              </span>
            </WideColumnHead>
          ))}
        >
          <tbody>
            {trajectories.map((t, r) => (
              <tr key={t.id} data-testid="checkpoint-row">
                <th
                  scope="row"
                  className="sticky left-0 z-[5] border-b border-r border-slate-200 bg-white px-3 py-2 text-left align-top"
                >
                  <UntrustedText text={t.model} className="block font-semibold text-slate-900" />
                  {/* Same model twice (another harness or trial) must stay tellable apart. */}
                  {runDetail(t) ? (
                    <UntrustedText text={runDetail(t)} className="block text-xs font-normal text-slate-600" />
                  ) : null}
                  <span className="mt-1 block">
                    <OutcomeBadge passed={t.passed} score={t.score} />
                  </span>
                </th>
                {checkpoints.map((c, k) => (
                  <GridCell
                    key={c.id}
                    trajectoryId={t.id}
                    label={revealBidi(`${t.model}, ${c.name}`)}
                    cell={grid[r][k]}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </WideTable>
      </WideScroll>
    </section>
  );
}

function GridCell({
  trajectoryId,
  label,
  cell,
}: {
  trajectoryId: string;
  label: string;
  cell: ContrastGridCell | null;
}) {
  if (!cell) {
    return (
      <td className="border-b border-slate-100 px-3 py-2 align-top text-xs text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{label}: no result</span>
      </td>
    );
  }
  const n = cell.diagnoses.length;
  const aria = `${label}: ${cell.passed ? 'passed' : 'failed'}${cell.passed ? '' : n ? `, ${n} diagnosis${n > 1 ? 'es' : ''}` : ', not diagnosed'}. Open the trajectory at this checkpoint`;
  return (
    <td className={`max-w-[20rem] border-b border-slate-100 px-3 py-2 align-top ${cell.passed ? '' : 'bg-rose-50/40'}`}>
      <Link
        href={trajectoryEventHref(trajectoryId, null, { checkpointResultId: cell.checkpointResultId })}
        aria-label={aria}
        data-testid="checkpoint-cell"
        data-passed={cell.passed}
        className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold ring-1 hover:underline ${cell.passed ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-rose-200'}`}
      >
        <span aria-hidden="true">{cell.passed ? '✓ pass' : '✗ fail'}</span>
      </Link>
      {cell.eventIndex != null ? (
        <span className="ml-2 text-[11px] text-slate-500">event {cell.eventIndex}</span>
      ) : null}
      {cell.note && !cell.passed ? (
        <p className="mt-1 line-clamp-2 text-xs text-slate-600 [overflow-wrap:anywhere]" title={revealBidi(cell.note)}>
          <UntrustedText text={cell.note} />
        </p>
      ) : null}
      {cell.diagnoses.map((d) => (
        <DiagnosisNote key={d.id} diagnosis={d} />
      ))}
    </td>
  );
}

function DiagnosisNote({ diagnosis: d }: { diagnosis: ContrastDiagnosis }) {
  return (
    <div
      className="mt-2 rounded border-l-2 border-indigo-300 bg-indigo-50/60 px-2 py-1 text-xs"
      data-testid="inline-diagnosis"
    >
      <div className="font-semibold text-indigo-900">{d.category?.label ?? 'Uncategorised'}</div>
      <p className="mt-0.5 line-clamp-3 text-slate-700 [overflow-wrap:anywhere]" title={revealBidi(d.whatWentWrong)}>
        <UntrustedText text={d.whatWentWrong} />
      </p>
      <div className="mt-0.5 text-[11px] text-slate-600">
        {d.own ? 'you' : d.authorName}
        {d.eventStart != null
          ? ` · events ${d.eventStart}${d.eventEnd != null && d.eventEnd !== d.eventStart ? `–${d.eventEnd}` : ''}`
          : ''}
      </div>
    </div>
  );
}

'use client';

import { Tooltip } from 'recharts';
import type { Coverage } from '@/lib/dashboard/coverage';
import {
  coverageAbilityHref,
  filterParams,
  queueHref,
  weekWithin,
  type DashboardFilters,
} from '@/lib/dashboard/filter-schema';
import { categoryAxis, ChartFrame, LEGEND, PCT_AXIS, seriesBars, seriesLines } from './chart-frame';
import { ChartPanel } from './chart-panel';
import { clickableDot, colorAt, pct, useOpen } from './chart-kit';
import { formatCell, type Column } from './table-format';

type AbilityRow = Coverage['byAbility'][number];
type AnnotatorRow = Coverage['byAnnotator'][number];
type WeekRow = Coverage['overTime'][number];
/** `worksQueue`: the reader works the queue, so a coverage figure leads there (else to trajectories, or nowhere). */
type Props = { data: Coverage; filters: DashboardFilters; worksQueue: boolean };

/** The figures of a coverage row (an ability's, a week's), after the column that names it. */
const COVERAGE_FIGURES: Column<Pick<AbilityRow, 'failed' | 'diagnosed' | 'coverage'>>[] = [
  { key: 'failed', label: 'Failed checkpoints', format: 'int' },
  { key: 'diagnosed', label: 'Diagnosed', format: 'int' },
  { key: 'coverage', label: 'Coverage', format: 'pct' },
];
const ABILITY_COLUMNS: Column<AbilityRow>[] = [{ key: 'ability', label: 'Ability' }, ...COVERAGE_FIGURES];
const ANNOTATOR_COLUMNS: Column<AnnotatorRow>[] = [
  { key: 'name', label: 'Annotator' },
  { key: 'submitted', label: 'Submitted diagnoses', format: 'int' },
  { key: 'drafts', label: 'Drafts', format: 'int' },
  { key: 'claimed', label: 'Queue items held', format: 'int' },
];
const WEEK_COLUMNS: Column<WeekRow>[] = [
  { key: 'week', label: 'Week imported' },
  ...COVERAGE_FIGURES,
  { key: 'cumulativeCoverage', label: 'Cumulative coverage', format: 'pct' },
];

export function CoverageByAbility({ data, filters, worksQueue }: Props) {
  const open = useOpen();
  // "(none)": the queue has no "no ability" filter, so the link says so (nullAbility) rather than widening to every ability.
  const href = (r: AbilityRow) => coverageAbilityHref(filters, r.ability, worksQueue);
  return (
    <ChartPanel
      id="coverage-by-ability"
      title="Diagnosis coverage by ability"
      description={`Failed checkpoints with a submitted diagnosis: ${formatCell(data.total.diagnosed, 'int')} of ${formatCell(data.total.failed, 'int')} (${pct(data.total.coverage)})${data.artefacts ? `, of which ${formatCell(data.artefacts, 'int')} marked not an agent failure (evaluator / task artefact)` : ''}. Click a bar for ${worksQueue ? 'the queue' : 'its trajectories with a failed checkpoint'}.`}
      rows={data.byAbility}
      columns={ABILITY_COLUMNS}
      href={href}
    >
      <ChartFrame data={data.byAbility.map((r) => ({ ...r, label: r.ability ?? '(none)' }))}>
        {categoryAxis('label')}
        {PCT_AXIS}
        <Tooltip
          formatter={(v, _n, item) => [
            `${pct(v as number)} (${formatCell(item.payload.diagnosed, 'int')} of ${formatCell(item.payload.failed, 'int')})`,
            'Coverage',
          ]}
        />
        {seriesBars([{ key: 'coverage', name: 'Coverage', color: colorAt(1) }], (r: AbilityRow) => open(href(r)))}
      </ChartFrame>
    </ChartPanel>
  );
}

export function CoverageByAnnotator({ data, filters, worksQueue }: Props) {
  const open = useOpen();
  // Someone's queue items are a queue list: a role that cannot open the queue gets the figures without links.
  const href = worksQueue ? (r: AnnotatorRow) => queueHref(filters, { assignee: r.userId }) : undefined;
  return (
    <ChartPanel
      id="coverage-by-annotator"
      title="Progress per annotator"
      description={`Diagnoses on the filtered trajectories, and queue items each person holds now.${worksQueue ? ' Click for their queue items.' : ''}`}
      rows={data.byAnnotator}
      columns={ANNOTATOR_COLUMNS}
      href={href}
      empty="No diagnoses or claims yet."
    >
      <ChartFrame data={data.byAnnotator} vertical={{ categoryKey: 'name' }}>
        <Tooltip />
        {LEGEND}
        {seriesBars(
          [
            { key: 'submitted', name: 'Submitted', stack: 'a', color: colorAt(1) },
            { key: 'drafts', name: 'Drafts', stack: 'a', color: colorAt(2) },
            { key: 'claimed', name: 'Held', stack: 'a', color: colorAt(4) },
          ],
          href && ((r: AnnotatorRow) => open(href(r))),
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

export function CoverageOverTime({ data, filters }: Omit<Props, 'worksQueue'>) {
  const open = useOpen();
  // Failed checkpoints, not failed outcomes: a trajectory that passed can still have failed a checkpoint, and the point counts it.
  const href = (r: WeekRow) =>
    `/dashboard/trajectories?${filterParams({ ...filters, ...weekWithin(r.week, filters) }, { checkpointFailed: '1' })}`;
  const Dot = clickableDot((p) => open(href(p as WeekRow)));
  return (
    <ChartPanel
      id="coverage-over-time"
      title="Coverage over time"
      description="By week of import: coverage of that week's failed checkpoints, and cumulative. Click a point for that week's trajectories with a failed checkpoint."
      rows={data.overTime}
      columns={WEEK_COLUMNS}
      href={href}
    >
      <ChartFrame line data={data.overTime}>
        {categoryAxis('week')}
        {PCT_AXIS}
        <Tooltip formatter={(v) => pct(v as number)} />
        {LEGEND}
        {seriesLines(
          [
            { key: 'coverage', name: 'Week', color: colorAt(2) },
            { key: 'cumulativeCoverage', name: 'Cumulative', color: colorAt(0) },
          ],
          Dot,
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

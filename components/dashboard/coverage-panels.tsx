'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Coverage } from '@/lib/dashboard/coverage';
import {
  coverageAbilityHref,
  filterParams,
  queueHref,
  weekWithin,
  type DashboardFilters,
} from '@/lib/dashboard/filter-schema';
import { ChartPanel } from './chart-panel';
import { clickableDot, colorAt, pct, pctTick, useOpen } from './chart-kit';
import { formatCell, type Column } from './table-format';

type AbilityRow = Coverage['byAbility'][number];
type AnnotatorRow = Coverage['byAnnotator'][number];
type WeekRow = Coverage['overTime'][number];

export function CoverageByAbility({
  data,
  filters,
  worksQueue,
}: {
  data: Coverage;
  filters: DashboardFilters;
  worksQueue: boolean;
}) {
  const open = useOpen();
  // "(none)": the queue has no "no ability" filter, so the link says so (nullAbility) rather than widening to every ability.
  const href = (r: AbilityRow) => coverageAbilityHref(filters, r.ability, worksQueue);
  const columns: Column<AbilityRow>[] = [
    { key: 'ability', label: 'Ability' },
    { key: 'failed', label: 'Failed checkpoints', format: 'int' },
    { key: 'diagnosed', label: 'Diagnosed', format: 'int' },
    { key: 'coverage', label: 'Coverage', format: 'pct' },
  ];
  return (
    <ChartPanel
      id="coverage-by-ability"
      title="Diagnosis coverage by ability"
      description={`Failed checkpoints with a submitted diagnosis: ${formatCell(data.total.diagnosed, 'int')} of ${formatCell(data.total.failed, 'int')} (${pct(data.total.coverage)})${data.artefacts ? `, of which ${formatCell(data.artefacts, 'int')} marked not an agent failure (evaluator / task artefact)` : ''}. Click a bar for ${worksQueue ? 'the queue' : 'its trajectories with a failed checkpoint'}.`}
      rows={data.byAbility}
      columns={columns}
      href={href}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data.byAbility.map((r) => ({ ...r, label: r.ability ?? '(none)' }))}
          margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 1]} tickFormatter={pctTick} tick={{ fontSize: 11 }} />
          <Tooltip
            formatter={(v, _n, item) => [
              `${pct(v as number)} (${formatCell(item.payload.diagnosed, 'int')} of ${formatCell(item.payload.failed, 'int')})`,
              'Coverage',
            ]}
          />
          <Bar
            dataKey="coverage"
            name="Coverage"
            fill={colorAt(1)}
            cursor="pointer"
            onClick={(d) => open(href(d.payload as AbilityRow))}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

export function CoverageByAnnotator({
  data,
  filters,
  worksQueue,
}: {
  data: Coverage;
  filters: DashboardFilters;
  worksQueue: boolean;
}) {
  const open = useOpen();
  // Someone's queue items are a queue list: a role that cannot open the queue gets the figures without links.
  const href = worksQueue ? (r: AnnotatorRow) => queueHref(filters, { assignee: r.userId }) : undefined;
  const barClick = href
    ? { cursor: 'pointer', onClick: (d: { payload?: unknown }) => open(href(d.payload as AnnotatorRow)) }
    : {};
  const columns: Column<AnnotatorRow>[] = [
    { key: 'name', label: 'Annotator' },
    { key: 'submitted', label: 'Submitted diagnoses', format: 'int' },
    { key: 'drafts', label: 'Drafts', format: 'int' },
    { key: 'claimed', label: 'Queue items held', format: 'int' },
  ];
  return (
    <ChartPanel
      id="coverage-by-annotator"
      title="Progress per annotator"
      description={`Diagnoses on the filtered trajectories, and queue items each person holds now.${worksQueue ? ' Click for their queue items.' : ''}`}
      rows={data.byAnnotator}
      columns={columns}
      href={href}
      empty="No diagnoses or claims yet."
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data.byAnnotator} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="submitted"
            name="Submitted"
            stackId="a"
            fill={colorAt(1)}
            {...barClick}
            isAnimationActive={false}
          />
          <Bar dataKey="drafts" name="Drafts" stackId="a" fill={colorAt(2)} {...barClick} isAnimationActive={false} />
          <Bar dataKey="claimed" name="Held" stackId="a" fill={colorAt(4)} {...barClick} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

export function CoverageOverTime({ data, filters }: { data: Coverage; filters: DashboardFilters }) {
  const open = useOpen();
  // Failed checkpoints, not failed outcomes: a trajectory that passed can still have failed a checkpoint, and the point counts it.
  const href = (r: WeekRow) =>
    `/dashboard/trajectories?${filterParams({ ...filters, ...weekWithin(r.week, filters) }, { checkpointFailed: '1' })}`;
  const Dot = clickableDot((p) => open(href(p as WeekRow)));
  const columns: Column<WeekRow>[] = [
    { key: 'week', label: 'Week imported' },
    { key: 'failed', label: 'Failed checkpoints', format: 'int' },
    { key: 'diagnosed', label: 'Diagnosed', format: 'int' },
    { key: 'coverage', label: 'Coverage', format: 'pct' },
    { key: 'cumulativeCoverage', label: 'Cumulative coverage', format: 'pct' },
  ];
  return (
    <ChartPanel
      id="coverage-over-time"
      title="Coverage over time"
      description="By week of import: coverage of that week's failed checkpoints, and cumulative. Click a point for that week's trajectories with a failed checkpoint."
      rows={data.overTime}
      columns={columns}
      href={href}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data.overTime} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 1]} tickFormatter={pctTick} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => pct(v as number)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            dataKey="coverage"
            name="Week"
            stroke={colorAt(2)}
            strokeWidth={2}
            activeDot={Dot}
            isAnimationActive={false}
          />
          <Line
            dataKey="cumulativeCoverage"
            name="Cumulative"
            stroke={colorAt(0)}
            strokeWidth={2}
            activeDot={Dot}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

'use client';

import { Tooltip, XAxis } from 'recharts';
import { filterParams, type DashboardFilters } from '@/lib/dashboard/filter-schema';
import type { PassRates, RoundInfo, RunKey } from '@/lib/dashboard/pass-rates';
import type { ReleaseRecipe } from '@/lib/releases/release-recipe';
import { categoryAxis, ChartFrame, LEGEND, PCT_AXIS, seriesBars, seriesLines } from './chart-frame';
import { ChartPanel } from './chart-panel';
import { clickableDot, colorAt, pct, SLANTED_AXIS_HEIGHT, SlantedTick, useOpen } from './chart-kit';
import type { Column } from './table-format';
import { plural } from '@/lib/text/plural';

const trajectoriesHref = (f: DashboardFilters, extra: Record<string, string | null | undefined>) =>
  `/dashboard/trajectories?${filterParams(f, extra)}`;
/** The drill-down filters of one run: its model and its agent (or "no agent"), so a model under two agents opens each run's own trajectories. */
const runLink = (r: Pick<RunKey, 'model' | 'agent'>): Record<string, string> =>
  r.agent === null ? { model: r.model, nullAgent: '1' } : { model: r.model, agent: r.agent };

type RoundRow = PassRates['byRound'][number];
type Rates = Pick<
  RoundRow,
  'trajectories' | 'checkpointsPassed' | 'checkpoints' | 'checkpointPassRate' | 'tasksPassed' | 'taskPassRate'
>;
/** The figures of every pass-rate table, after the column(s) that name the row. */
const RATE_COLUMNS: Column<Rates>[] = [
  { key: 'trajectories', label: 'Trajectories', format: 'int' },
  { key: 'checkpointsPassed', label: 'Checkpoints passed', format: 'int' },
  { key: 'checkpoints', label: 'Checkpoints', format: 'int' },
  { key: 'checkpointPassRate', label: 'Checkpoint pass rate', format: 'pct' },
  { key: 'tasksPassed', label: 'Tasks passed', format: 'int' },
  { key: 'taskPassRate', label: 'Task pass rate', format: 'pct' },
];
const RUN_COLUMNS: Column<Pick<RunKey, 'model' | 'agent'>>[] = [
  { key: 'model', label: 'Model' },
  { key: 'agent', label: 'Agent' },
];
const ROUND_COLUMNS: Column<RoundRow>[] = [{ key: 'round', label: 'Round' }, ...RUN_COLUMNS, ...RATE_COLUMNS];

const listed = (xs: string[]) => (xs.length ? xs.join(', ') : 'none recorded');

/** How the round's release was built (frozen with the release): what users compare rounds by. */
function RoundRecipe({ recipe }: { recipe: ReleaseRecipe }) {
  const rows: [string, string][] = [
    ['Ingestion scope', listed(recipe.scopes)],
    ['Feedback kinds', listed(recipe.feedbackKinds)],
    ['Providers', listed(recipe.providers)],
    ['Models', listed(recipe.models)],
  ];
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-slate-600" aria-label="Release recipe">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <dt className="text-slate-600">Runs</dt>
      <dd>
        {plural(recipe.runs, 'reflection run')}
        {recipe.versionsWithoutRun ? `, ${plural(recipe.versionsWithoutRun, 'version')} without a run` : ''}
      </dd>
    </dl>
  );
}

function RoundTooltip({
  active,
  label,
  rounds,
  rows,
}: {
  active?: boolean;
  label?: string | number;
  rounds: RoundInfo[];
  rows: RoundRow[];
}) {
  if (!active || label === undefined) return null;
  const info = rounds.find((r) => r.round === label);
  const points = rows.filter((r) => r.round === label);
  return (
    <div
      className="max-w-sm rounded-md bg-white p-2 text-xs shadow-lg ring-1 ring-slate-200"
      data-testid="round-tooltip"
    >
      <div className="font-medium text-slate-900">{label}</div>
      {info?.createdAt ? <div className="text-slate-600">released {info.createdAt.slice(0, 10)}</div> : null}
      {info?.note ? <div className="text-slate-600">{info.note}</div> : null}
      {info?.recipe ? (
        <RoundRecipe recipe={info.recipe} />
      ) : info?.release ? (
        <div className="mt-1 text-slate-600">No recipe recorded for this release.</div>
      ) : null}
      <ul className="mt-1 space-y-0.5">
        {points.map((p) => (
          <li key={p.label}>
            {p.label}: {pct(p.checkpointPassRate)} checkpoints (n = {p.checkpoints}), {pct(p.taskPassRate)} tasks (n ={' '}
            {p.trajectories})
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PassRateByRound({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const open = useOpen();
  // One line per run, named by its label (the chart's series key).
  const runs = new Map(data.byRound.map((r) => [r.label, r]));
  const chart = data.rounds.map((round) => ({
    round: round.round,
    release: round.release,
    ...Object.fromEntries(
      data.byRound.filter((r) => r.round === round.round).map((r) => [r.label, r.checkpointPassRate]),
    ),
  }));
  const href = (r: { release: string | null } & Pick<RunKey, 'model' | 'agent'>) =>
    trajectoriesHref(filters, { release: r.release ?? 'R0', ...runLink(r) });
  const Dot = clickableDot((p, label) => {
    const run = runs.get(label)!;
    open(href({ release: (p.release as string | null) ?? null, model: run.model, agent: run.agent }));
  });
  return (
    <ChartPanel
      id="pass-rate-by-round"
      title="Checkpoint pass rate by round"
      description="A trajectory's round is the bank release it ran with (memory.bank_release; none = R0), in release order. One line per model (per model · agent when a model ran under several agents); n on hover. Click a point for its trajectories."
      rows={data.byRound}
      columns={ROUND_COLUMNS}
      href={href}
    >
      <ChartFrame line data={chart}>
        {categoryAxis('round')}
        {PCT_AXIS}
        <Tooltip
          content={(p) => <RoundTooltip active={p.active} label={p.label} rounds={data.rounds} rows={data.byRound} />}
        />
        {LEGEND}
        {seriesLines(
          [...runs.keys()].map((m, i) => ({ key: m, name: m, color: colorAt(i) })),
          Dot,
          true,
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

type GroupRow = Rates & { label: string; link: Record<string, string> };

/** `naming`: the table's and CSV's columns that name a bar (before the figures). */
function GroupBars<R extends GroupRow>({
  id,
  title,
  description,
  naming,
  rows,
  filters,
}: {
  id: string;
  title: string;
  description: string;
  naming: Column<R>[];
  rows: R[];
  filters: DashboardFilters;
}) {
  const open = useOpen();
  const href = (r: GroupRow) => trajectoriesHref(filters, r.link);
  return (
    <ChartPanel
      id={id}
      title={title}
      description={`Bars: checkpoint and task pass rate${description}. Click a bar for its trajectories.`}
      rows={rows}
      columns={[...naming, ...RATE_COLUMNS]}
      href={href}
    >
      <ChartFrame data={rows}>
        {/* Every bar named (interval 0): slanted, cut, the full name on hover. */}
        <XAxis dataKey="label" interval={0} height={SLANTED_AXIS_HEIGHT} tick={(props) => <SlantedTick {...props} />} />
        {PCT_AXIS}
        <Tooltip
          formatter={(v, name, item) => [
            `${pct(v as number)} (n = ${name === 'Checkpoint pass rate' ? item.payload.checkpoints : item.payload.trajectories})`,
            name,
          ]}
        />
        {LEGEND}
        {seriesBars(
          [
            { key: 'checkpointPassRate', name: 'Checkpoint pass rate', color: colorAt(0) },
            { key: 'taskPassRate', name: 'Task pass rate', color: colorAt(1) },
          ],
          (r: GroupRow) => open(href(r)),
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

export function PassRateByModel({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const rows = data.byModel.map((r) => ({ ...r, link: runLink(r) }));
  return (
    <GroupBars
      id="pass-rate-by-model"
      title="Pass rate by model"
      description=" per model, or per model · agent when a model ran under several agents"
      naming={RUN_COLUMNS}
      rows={rows}
      filters={filters}
    />
  );
}

export function PassRateByAbility({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const rows = data.byAbility.map(({ ability, ...r }) => ({
    label: ability ?? '(none)',
    ...r,
    link: (ability ? { ability } : { nullAbility: '1' }) as Record<string, string>,
  }));
  return (
    <GroupBars
      id="pass-rate-by-ability"
      title="Pass rate by ability"
      description=""
      naming={[{ key: 'label', label: 'Ability' }]}
      rows={rows}
      filters={filters}
    />
  );
}

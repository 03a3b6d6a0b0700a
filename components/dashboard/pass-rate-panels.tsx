'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { filterParams, type DashboardFilters } from '@/lib/dashboard/filter-schema';
import type { PassRates, RoundInfo } from '@/lib/dashboard/pass-rates';
import type { ReleaseRecipe } from '@/lib/releases/release-recipe';
import { ChartPanel } from './chart-panel';
import { clickableDot, colorAt, pct, pctTick, SLANTED_AXIS_HEIGHT, SlantedTick, useOpen } from './chart-kit';
import type { Column } from './table-format';
import { plural } from '@/lib/text/plural';

const trajectoriesHref = (f: DashboardFilters, extra: Record<string, string | null | undefined>) => `/dashboard/trajectories?${filterParams(f, extra)}`;

type RoundRow = PassRates['byRound'][number];
type Rates = Pick<RoundRow, 'trajectories' | 'checkpointsPassed' | 'checkpoints' | 'checkpointPassRate' | 'tasksPassed' | 'taskPassRate'>;
/** The figures of every pass-rate table, after the column(s) that name the row. */
const RATE_COLUMNS: Column<Rates>[] = [
  { key: 'trajectories', label: 'Trajectories', format: 'int' },
  { key: 'checkpointsPassed', label: 'Checkpoints passed', format: 'int' },
  { key: 'checkpoints', label: 'Checkpoints', format: 'int' },
  { key: 'checkpointPassRate', label: 'Checkpoint pass rate', format: 'pct' },
  { key: 'tasksPassed', label: 'Tasks passed', format: 'int' },
  { key: 'taskPassRate', label: 'Task pass rate', format: 'pct' },
];
const ROUND_COLUMNS: Column<RoundRow>[] = [{ key: 'round', label: 'Round' }, { key: 'model', label: 'Model' }, ...RATE_COLUMNS];

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
          <dt className="text-slate-500">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <dt className="text-slate-500">Runs</dt>
      <dd>
        {plural(recipe.runs, 'reflection run')}
        {recipe.versionsWithoutRun ? `, ${plural(recipe.versionsWithoutRun, 'version')} without a run` : ''}
      </dd>
    </dl>
  );
}

function RoundTooltip({ active, label, rounds, rows }: { active?: boolean; label?: string | number; rounds: RoundInfo[]; rows: RoundRow[] }) {
  if (!active || label === undefined) return null;
  const info = rounds.find((r) => r.round === label);
  const points = rows.filter((r) => r.round === label);
  return (
    <div className="max-w-sm rounded-md bg-white p-2 text-xs shadow-lg ring-1 ring-slate-200" data-testid="round-tooltip">
      <div className="font-medium text-slate-900">{label}</div>
      {info?.createdAt ? <div className="text-slate-500">released {info.createdAt.slice(0, 10)}</div> : null}
      {info?.note ? <div className="text-slate-600">{info.note}</div> : null}
      {info?.recipe ? <RoundRecipe recipe={info.recipe} /> : info?.release ? <div className="mt-1 text-slate-500">No recipe recorded for this release.</div> : null}
      <ul className="mt-1 space-y-0.5">
        {points.map((p) => (
          <li key={p.model}>
            {p.model}: {pct(p.checkpointPassRate)} checkpoints (n = {p.checkpoints}), {pct(p.taskPassRate)} tasks (n = {p.trajectories})
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PassRateByRound({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const open = useOpen();
  const models = [...new Set(data.byRound.map((r) => r.model))];
  const chart = data.rounds.map((round) => ({
    round: round.round,
    release: round.release,
    ...Object.fromEntries(data.byRound.filter((r) => r.round === round.round).map((r) => [r.model, r.checkpointPassRate])),
  }));
  const href = (r: { release: string | null; model: string }) => trajectoriesHref(filters, { release: r.release ?? 'R0', model: r.model });
  const Dot = clickableDot((p, model) => open(href({ release: (p.release as string | null) ?? null, model })));
  return (
    <ChartPanel
      id="pass-rate-by-round"
      title="Checkpoint pass rate by round"
      description="A trajectory's round is the bank release it ran with (memory.bank_release; none = R0), in release order. One line per model; n on hover. Click a point for its trajectories."
      rows={data.byRound}
      columns={ROUND_COLUMNS}
      href={href}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={chart} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="round" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 1]} tickFormatter={pctTick} tick={{ fontSize: 11 }} />
          <Tooltip content={(p) => <RoundTooltip active={p.active} label={p.label} rounds={data.rounds} rows={data.byRound} />} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {models.map((m, i) => (
            <Line key={m} type="monotone" dataKey={m} name={m} stroke={colorAt(i)} strokeWidth={2} connectNulls dot={{ r: 3 }} activeDot={Dot} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

type GroupRow = { label: string; trajectories: number; checkpoints: number; checkpointsPassed: number; checkpointPassRate: number | null; tasksPassed: number; taskPassRate: number | null; link: Record<string, string> };
const GROUP_COLUMNS = (label: string): Column<GroupRow>[] => [{ key: 'label', label }, ...RATE_COLUMNS];

function GroupBars({ id, title, label, rows, filters }: { id: string; title: string; label: string; rows: GroupRow[]; filters: DashboardFilters }) {
  const open = useOpen();
  const href = (r: GroupRow) => trajectoriesHref(filters, r.link);
  return (
    <ChartPanel id={id} title={title} description="Bars: checkpoint and task pass rate. Click a bar for its trajectories." rows={rows} columns={GROUP_COLUMNS(label)} href={href}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          {/* Every bar named (interval 0): slanted, cut, the full name on hover. */}
          <XAxis dataKey="label" interval={0} height={SLANTED_AXIS_HEIGHT} tick={(props) => <SlantedTick {...props} />} />
          <YAxis domain={[0, 1]} tickFormatter={pctTick} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v, name, item) => [`${pct(v as number)} (n = ${name === 'Checkpoint pass rate' ? item.payload.checkpoints : item.payload.trajectories})`, name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="checkpointPassRate" name="Checkpoint pass rate" fill={colorAt(0)} cursor="pointer" onClick={(d) => open(href(d.payload as GroupRow))} isAnimationActive={false} />
          <Bar dataKey="taskPassRate" name="Task pass rate" fill={colorAt(1)} cursor="pointer" onClick={(d) => open(href(d.payload as GroupRow))} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

export function PassRateByModel({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const rows = data.byModel.map(({ model, ...r }) => ({ label: model, ...r, link: { model } }));
  return <GroupBars id="pass-rate-by-model" title="Pass rate by model" label="Model" rows={rows} filters={filters} />;
}

export function PassRateByAbility({ data, filters }: { data: PassRates; filters: DashboardFilters }) {
  const rows = data.byAbility.map(({ ability, ...r }) => ({ label: ability ?? '(none)', ...r, link: (ability ? { ability } : { nullAbility: '1' }) as Record<string, string> }));
  return <GroupBars id="pass-rate-by-ability" title="Pass rate by ability" label="Ability" rows={rows} filters={filters} />;
}

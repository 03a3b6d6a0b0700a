import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { releaseRecipeSchema, type ReleaseRecipe } from '@/lib/releases/release-recipe';
import { cellWhere, type DashboardFilters } from './filters';
import { rate } from './wilson';

/** Pass-rate figures of one group of trajectories: task pass rate and checkpoint pass rate, with their n. */
export type PassRate = {
  trajectories: number;
  tasksPassed: number;
  taskPassRate: number | null;
  checkpoints: number;
  checkpointsPassed: number;
  checkpointPassRate: number | null;
};

/** A round: R0 (no memory) or a release, with its recipe (ingestion scope, feedback kinds, providers…) for the chart's hover. */
export type RoundInfo = {
  round: string;
  release: string | null;
  index: number;
  createdAt: string | null;
  note: string | null;
  recipe: ReleaseRecipe | null;
};

/**
 * What was run: a model under one agent harness (null = none recorded). The
 * label names the agent only when these figures show the model under more than
 * one ("model · agent"), so the common one-agent case reads as the model alone.
 */
export type RunKey = { model: string; agent: string | null; label: string };

export type PassRates = {
  /** One row per (model, agent): the same model under two agents is two runs, not one sum. */
  byModel: (PassRate & RunKey)[];
  byAbility: (PassRate & { ability: string | null })[];
  /** One row per (round, model, agent); rounds in release order, R0 (no memory) first. */
  byRound: (PassRate & RunKey & { round: string; release: string | null })[];
  /**
   * Runs that never started (Trajectory.notStarted), in no figure above: not failed runs, counted apart
   * so the reader knows they exist.
   */
  notStarted: number;
  rounds: RoundInfo[];
};

type Row = {
  grp: number;
  model: string | null;
  agent: string | null;
  ability: string | null;
  release: string | null;
  trajectories: number;
  tasksPassed: number;
  checkpoints: number;
  checkpointsPassed: number;
};

const figures = (r: Row): PassRate => ({
  trajectories: r.trajectories,
  tasksPassed: r.tasksPassed,
  taskPassRate: rate(r.tasksPassed, r.trajectories),
  checkpoints: r.checkpoints,
  checkpointsPassed: r.checkpointsPassed,
  checkpointPassRate: rate(r.checkpointsPassed, r.checkpoints),
});

/** Labels runs: a model seen under two or more agents (or under one and under none) gets "model · agent" or "model · no agent". */
function runLabeler(runs: { model: string; agent: string | null }[]): (model: string, agent: string | null) => string {
  const agents = new Map<string, Set<string | null>>();
  for (const r of runs) agents.set(r.model, (agents.get(r.model) ?? new Set()).add(r.agent));
  return (model, agent) => ((agents.get(model)?.size ?? 0) > 1 ? `${model} · ${agent ?? 'no agent'}` : model);
}

/** By model, then agent; "no agent" after the named ones. */
const byRun = (a: { model: string; agent: string | null }, b: { model: string; agent: string | null }) =>
  a.model.localeCompare(b.model) ||
  Number(a.agent === null) - Number(b.agent === null) ||
  (a.agent ?? '').localeCompare(b.agent ?? '');

/** Releases in round order, each with its recipe (null when it does not parse: written before recipes existed). */
async function releaseRows(): Promise<
  { name: string; note: string | null; createdAt: Date; recipe: ReleaseRecipe | null }[]
> {
  const rows = await prisma.bankRelease.findMany({
    select: { name: true, note: true, createdAt: true, recipe: true },
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }],
  });
  return rows.map((r) => {
    const recipe = releaseRecipeSchema.safeParse(r.recipe);
    return { ...r, recipe: recipe.success ? recipe.data : null };
  });
}

/**
 * Checkpoint and task pass rate by run (model × agent), by ability and by round × run in
 * one pass over the dashboard cube (GROUPING SETS over the per-key sums the
 * Trajectory trigger keeps exact; prisma/sql/dashboard-cells.sql). A
 * trajectory's round is the bank release it ran with (`memory.bank_release`
 * on import; none = R0).
 */
export async function passRates(f: DashboardFilters): Promise<PassRates> {
  const [rows, releases, notStarted] = await Promise.all([
    prisma.$queryRaw<Row[]>(Prisma.sql`
      SELECT GROUPING(c.model, c.agent, c.ability, c.release)::int AS grp, c.model, nullif(c.agent, '') AS agent, nullif(c.ability, '') AS ability, nullif(c.release, '') AS release,
             sum(c.trajectories)::int AS trajectories, sum(c."tasksPassed")::int AS "tasksPassed",
             sum(c.checkpoints)::int AS checkpoints, sum(c."checkpointsPassed")::int AS "checkpointsPassed"
      FROM "DashboardCell" c
      WHERE ${cellWhere(f)}
      GROUP BY GROUPING SETS ((c.model, c.agent), (c.ability), (c.release, c.model, c.agent))
      HAVING sum(c.trajectories) > 0`),
    releaseRows(),
    prisma.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT coalesce(sum(c."notStarted"), 0)::int AS n FROM "DashboardCell" c WHERE ${cellWhere(f)}`),
  ]);
  // GROUPING bits (model, agent, ability, release): 3 = model + agent, 13 = only ability, 2 = release + model + agent.
  const runRows = rows.filter((r) => r.grp === 3);
  const label = runLabeler(runRows.map((r) => ({ model: r.model!, agent: r.agent })));
  const run = (r: Row): RunKey => ({ model: r.model!, agent: r.agent, label: label(r.model!, r.agent) });
  const byModel = runRows.map((r) => ({ ...run(r), ...figures(r) })).sort(byRun);
  const byAbility = rows
    .filter((r) => r.grp === 13)
    .map((r) => ({ ability: r.ability, ...figures(r) }))
    .sort((a, b) => (a.ability ?? '~').localeCompare(b.ability ?? '~'));
  const roundRows = rows.filter((r) => r.grp === 2);

  const known = new Map(releases.map((r, i) => [r.name, { ...r, index: i + 1 }]));
  // Releases named by trajectories but unknown to this console come after the known ones, by name.
  const unknown = [
    ...new Set(roundRows.map((r) => r.release).filter((n): n is string => n !== null && !known.has(n))),
  ].sort();
  const used = new Set(roundRows.map((r) => r.release));
  const rounds: RoundInfo[] = [];
  if (used.has(null))
    rounds.push({ round: 'R0', release: null, index: 0, createdAt: null, note: 'No memory', recipe: null });
  for (const r of releases)
    if (used.has(r.name))
      rounds.push({
        round: `R${known.get(r.name)!.index} · ${r.name}`,
        release: r.name,
        index: known.get(r.name)!.index,
        createdAt: r.createdAt.toISOString(),
        note: r.note,
        recipe: r.recipe,
      });
  unknown.forEach((name, i) =>
    rounds.push({
      round: `R? · ${name}`,
      release: name,
      index: releases.length + 1 + i,
      createdAt: null,
      note: 'Release not known to this console',
      recipe: null,
    }),
  );
  const order = new Map(rounds.map((r, i) => [r.release, i]));
  const roundOf = new Map(rounds.map((r) => [r.release, r.round]));
  const byRound = roundRows
    .map((r) => ({ round: roundOf.get(r.release)!, release: r.release, ...run(r), ...figures(r) }))
    .sort((a, b) => order.get(a.release)! - order.get(b.release)! || byRun(a, b));
  return { byModel, byAbility, byRound, rounds, notStarted: notStarted[0]?.n ?? 0 };
}

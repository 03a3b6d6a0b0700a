/**
 * The dashboard benchmark's measurements (scripts/bench-dashboard.ts): every
 * dashboard query through the real code, next to the baselines of the same
 * run. Imported only after DATABASE_URL points at the bench database.
 */
import { prisma } from '@/lib/db/prisma';
import { bankGrowth } from '@/lib/dashboard/bank-growth';
import { cardImpact } from '@/lib/dashboard/card-impact';
import { compactDashboardCells } from '@/lib/dashboard/compact-cells';
import { coverage } from '@/lib/dashboard/coverage';
import { curation } from '@/lib/dashboard/curation';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { dashboardOptions, loadDashboard } from '@/lib/dashboard/load-dashboard';
import { passRates } from '@/lib/dashboard/pass-rates';
import { reviewThroughput } from '@/lib/dashboard/review-throughput';
import { cardImpactBefore, passRatesBefore } from './bench-dashboard-before';
import { benchActor, measure, percentile } from './bench-seed-synthetic';

const TARGET_MS = 500;

export async function benchDashboard(runs: number): Promise<void> {
  const admin = benchActor(3, 'ADMIN');
  // What the background compaction does after imports: one row per cube key.
  await compactDashboardCells();
  const [cube] = await prisma.$queryRaw<
    { cells: number; cardCells: number }[]
  >`SELECT (SELECT count(*) FROM "DashboardCell")::int AS cells, (SELECT count(*) FROM "DashboardCardCell")::int AS "cardCells"`;
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Trajectory"`;
  console.log(
    `\nDashboard queries over ${n.toLocaleString('en-US')} SYNTHETIC trajectories (cubes: ${cube.cells.toLocaleString('en-US')} cells, ${cube.cardCells.toLocaleString('en-US')} card cells; p50 / p99 of ${runs} runs, after one warm-up):\n`,
  );
  // [label, query, is a baseline (not held to the target), the "before" query it replaces]
  const cases: [string, () => Promise<unknown>, boolean, string?][] = [
    [
      'baseline: count(*) trajectories ⋈ tasks',
      () => prisma.$queryRaw`SELECT count(*) FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"`,
      true,
    ],
    ['before: unaggregated pass rate (⋈ checkpoint results)', passRatesBefore, true],
    ['before: unaggregated card impact', cardImpactBefore, true],
    [
      'pass rate by model / ability / round',
      () => passRates({}),
      false,
      'before: unaggregated pass rate (⋈ checkpoint results)',
    ],
    ['pass rate, filtered (ability + model)', () => passRates({ ability: 'airline', model: 'heron-large' }), false],
    ['diagnosis coverage', () => coverage({}), false],
    ['curation mix + validation rules', () => curation({}), false],
    ['review throughput + stale', () => reviewThroughput({}), false],
    ['bank growth', () => bankGrowth({}), false],
    ['card impact (every card × release)', () => cardImpact({}), false, 'before: unaggregated card impact'],
    ['card impact (one card, the card page)', () => cardImpact({}, { cardKeys: ['skill::bench_7'] }), false],
    ['filter menus (benchmarks, abilities, models)', () => dashboardOptions(admin), false],
    [
      'drill-down: trajectories of a round × model',
      () => listDrillTrajectories(admin, { release: 'bench-r2', model: 'heron-large' }),
      false,
    ],
    [
      'drill-down: trajectories injected with a card',
      () => listDrillTrajectories(admin, { card: 'skill::bench_7' }),
      false,
    ],
    ['whole dashboard (loadDashboard, in parallel)', () => loadDashboard(admin, {}), false],
  ];
  const p50s = new Map<string, number>();
  let baseline = 0;
  let slowest = 0;
  for (const [label, fn, isBaseline, before] of cases) {
    await fn();
    const times = await measure(fn, runs);
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
    p50s.set(label, p50);
    if (!baseline) baseline = p50;
    if (!isBaseline) slowest = Math.max(slowest, p50);
    const vsBefore = before ? `, ${(p50s.get(before)! / p50).toFixed(0)}× faster than before` : '';
    console.log(
      `  ${label.padEnd(54)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   (${(p50 / baseline).toFixed(1)}× count(*)${vsBefore})`,
    );
  }
  console.log(
    `\nTarget: every dashboard query < ${TARGET_MS} ms p50 at 100k trajectories → slowest p50 ${slowest.toFixed(1)} ms: ${slowest < TARGET_MS ? 'OK' : 'OVER TARGET'}`,
  );
}

/**
 * npm run bench:dashboard [-- --trajectories 100000 --runs 20]
 *
 * Times every dashboard query (lib/dashboard/, through the real Prisma client)
 * on SYNTHETIC data: 100,000 trajectories × 3 checkpoint results, 3 releases,
 * 200 cards injected 3 per trajectory, diagnoses, 5,000 proposals with reviews
 * (scripts/lib/bench-seed-synthetic.ts; seeded once into .data/bench-pg and reused).
 * Prints p50 / p99 of several runs next to baselines measured in the same run:
 * a plain `count(*)` over the trajectories joined to their tasks, and the
 * unaggregated pass-rate and card-impact queries the dashboard ran before the
 * per-trajectory summary counts (joining every checkpoint result) — and checks
 * the 500 ms target. Not a test: figures only.
 */
import { parseArgs } from 'node:util';
import { ensureBenchData, measure, openBenchDatabase, percentile } from './lib/bench-seed-synthetic';

const { values } = parseArgs({ options: { trajectories: { type: 'string', default: '100000' }, runs: { type: 'string', default: '20' } } });
const N = Number(values.trajectories);
const RUNS = Number(values.runs);
const TARGET_MS = 500;

async function main() {
  const db = await openBenchDatabase();
  try {
    await ensureBenchData(db.url, { trajectories: N, events: 0 }, { events: false });
    process.env.DATABASE_URL = db.url;
    const { prisma } = await import('@/lib/db/prisma');
    const { passRates } = await import('@/lib/dashboard/pass-rates');
    const { coverage } = await import('@/lib/dashboard/coverage');
    const { curation } = await import('@/lib/dashboard/curation');
    const { reviewThroughput } = await import('@/lib/dashboard/review-throughput');
    const { bankGrowth } = await import('@/lib/dashboard/bank-growth');
    const { cardImpact } = await import('@/lib/dashboard/card-impact');
    const { loadDashboard } = await import('@/lib/dashboard/load-dashboard');
    const admin = { userId: 'bu3', name: 'bench', email: 'bench3@bench.local', role: 'ADMIN' as const, via: 'session' as const };
    const { dashboardOptions } = await import('@/lib/dashboard/load-dashboard');
    // What the background compaction does after imports: one row per cube key.
    const { compactDashboardCells } = await import('@/lib/dashboard/compact-cells');
    await compactDashboardCells();
    const [cube] = await prisma.$queryRaw<{ cells: number; cardCells: number }[]>`SELECT (SELECT count(*) FROM "DashboardCell")::int AS cells, (SELECT count(*) FROM "DashboardCardCell")::int AS "cardCells"`;
    const { listDrillTrajectories } = await import('@/lib/dashboard/list-trajectories');
    const { passRatesBefore, cardImpactBefore } = await import('./lib/bench-dashboard-before');
    const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Trajectory"`;
    console.log(`\nDashboard queries over ${n.toLocaleString('en-US')} SYNTHETIC trajectories (cubes: ${cube.cells.toLocaleString('en-US')} cells, ${cube.cardCells.toLocaleString('en-US')} card cells; p50 / p99 of ${RUNS} runs, after one warm-up):\n`);
    // [label, query, is a baseline (not held to the target), the "before" query it replaces]
    const cases: [string, () => Promise<unknown>, boolean, string?][] = [
      ['baseline: count(*) trajectories ⋈ tasks', () => prisma.$queryRaw`SELECT count(*) FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"`, true],
      ['before: unaggregated pass rate (⋈ checkpoint results)', passRatesBefore, true],
      ['before: unaggregated card impact', cardImpactBefore, true],
      ['pass rate by model / ability / round', () => passRates({}), false, 'before: unaggregated pass rate (⋈ checkpoint results)'],
      ['pass rate, filtered (ability + model)', () => passRates({ ability: 'airline', model: 'heron-large' }), false],
      ['diagnosis coverage', () => coverage({}), false],
      ['curation mix + validation rules', () => curation({}), false],
      ['review throughput + stale', () => reviewThroughput({}), false],
      ['bank growth', () => bankGrowth({}), false],
      ['card impact (every card × release)', () => cardImpact({}), false, 'before: unaggregated card impact'],
      ['card impact (one card, the card page)', () => cardImpact({}, { cardKeys: ['skill::bench_7'] }), false],
      ['filter menus (benchmarks, abilities, models)', () => dashboardOptions(admin), false],
      ['drill-down: trajectories of a round × model', () => listDrillTrajectories(admin, { release: 'bench-r2', model: 'heron-large' }), false],
      ['drill-down: trajectories injected with a card', () => listDrillTrajectories(admin, { card: 'skill::bench_7' }), false],
      ['whole dashboard (loadDashboard, in parallel)', () => loadDashboard(admin, {}), false],
    ];
    const p50s = new Map<string, number>();
    let baseline = 0;
    let slowest = 0;
    for (const [label, fn, isBaseline, before] of cases) {
      await fn();
      const times = await measure(fn, RUNS);
      const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
      p50s.set(label, p50);
      if (!baseline) baseline = p50;
      if (!isBaseline) slowest = Math.max(slowest, p50);
      const vsBefore = before ? `, ${(p50s.get(before)! / p50).toFixed(0)}× faster than before` : '';
      console.log(`  ${label.padEnd(54)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   (${(p50 / baseline).toFixed(1)}× count(*)${vsBefore})`);
    }
    console.log(`\nTarget: every dashboard query < ${TARGET_MS} ms p50 at 100k trajectories → slowest p50 ${slowest.toFixed(1)} ms: ${slowest < TARGET_MS ? 'OK' : 'OVER TARGET'}`);
    await (await import('@/lib/db/disconnect')).disconnectDatabase();
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

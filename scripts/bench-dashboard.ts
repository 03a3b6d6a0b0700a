/**
 * npm run bench:dashboard [-- --trajectories 100000 --runs 5]
 *
 * Times every dashboard query (lib/dashboard/, through the real Prisma client)
 * on SYNTHETIC data: 100,000 trajectories × 3 checkpoint results, 3 releases,
 * 200 cards injected 3 per trajectory, diagnoses, 5,000 proposals with reviews
 * (scripts/lib/bench-seed.ts; seeded once into .data/bench-pg and reused).
 * Prints the median and worst of several runs next to a baseline measured in
 * the same run — a plain `count(*)` over the trajectories joined to their tasks
 * — and checks the 500 ms target. Not a test: figures only.
 */
import { parseArgs } from 'node:util';
import { ensureBenchData, measure, openBenchDatabase } from './lib/bench-seed-synthetic';

const { values } = parseArgs({ options: { trajectories: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } } });
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
    const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Trajectory"`;
    console.log(`\nDashboard queries over ${n.toLocaleString('en-US')} SYNTHETIC trajectories (median / worst of ${RUNS} runs, after one warm-up):\n`);
    const cases: [string, () => Promise<unknown>][] = [
      ['baseline: count(*) trajectories ⋈ tasks', () => prisma.$queryRaw`SELECT count(*) FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"`],
      ['pass rate by model / ability / round', () => passRates({})],
      ['pass rate, filtered (ability + model)', () => passRates({ ability: 'airline', model: 'heron-large' })],
      ['diagnosis coverage', () => coverage({})],
      ['curation mix + validation rules', () => curation({})],
      ['review throughput + stale', () => reviewThroughput({})],
      ['bank growth', () => bankGrowth({})],
      ['card impact (every card × release)', () => cardImpact({})],
      ['card impact (one card, the card page)', () => cardImpact({}, { cardKeys: ['skill::bench_7'] })],
      ['whole dashboard (loadDashboard, in parallel)', () => loadDashboard(admin, {})],
    ];
    let baseline = 0;
    let worstCase = 0;
    for (const [label, fn] of cases) {
      await fn();
      const times = await measure(fn, RUNS);
      const median = times[Math.floor(times.length / 2)];
      if (!baseline) baseline = median;
      else worstCase = Math.max(worstCase, times.at(-1)!);
      console.log(`  ${label.padEnd(48)} ${median.toFixed(1).padStart(8)} ms  (worst ${times.at(-1)!.toFixed(1)} ms, ${(median / baseline).toFixed(1)}× baseline)`);
    }
    console.log(`\nTarget: every dashboard query < ${TARGET_MS} ms at 100k trajectories → slowest run ${worstCase.toFixed(1)} ms: ${worstCase < TARGET_MS ? 'OK' : 'OVER TARGET'}`);
    await prisma.$disconnect();
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

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
import { parseCountArgs } from './lib/cli-args';
import { runSyntheticBench } from './lib/synthetic-bench';

const {
  counts: { trajectories: N, runs: RUNS },
} = parseCountArgs('Usage: npm run bench:dashboard [-- --trajectories 100000 --runs 20]', {
  trajectories: 100000,
  runs: 20,
});

// The measured code reads the database: imported once DATABASE_URL points at the bench database.
await runSyntheticBench({ trajectories: N, events: 0 }, { events: false }, async () =>
  (await import('./lib/bench-dashboard-cases')).benchDashboard(RUNS),
);

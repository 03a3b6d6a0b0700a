import { ensureBenchData, openBenchDatabase, type BenchSize } from './bench-seed-synthetic';
import { runBench } from './run-bench';

/**
 * Runs a benchmark over the synthetic bench database (.data/bench-pg or
 * BENCH_DATABASE_URL, seeded once with `size` and reused), as runBench does.
 * The dashboard and search benchmarks share it.
 */
export function runSyntheticBench(
  size: BenchSize,
  opts: { events: boolean },
  body: () => Promise<void>,
): Promise<void> {
  return runBench(openBenchDatabase, async (db) => {
    await ensureBenchData(db.url, size, opts);
    await body();
  });
}

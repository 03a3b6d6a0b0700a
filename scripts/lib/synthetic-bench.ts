import { ensureBenchData, openBenchDatabase, type BenchSize } from './bench-seed-synthetic';

/**
 * Runs a benchmark over the synthetic bench database (.data/bench-pg or
 * BENCH_DATABASE_URL, seeded once with `size` and reused): DATABASE_URL points
 * at it before `body` imports anything that reads the database; afterwards
 * every connection is closed and the database stopped. A failure is printed
 * and exits 1. The dashboard and search benchmarks share it.
 */
export function runSyntheticBench(size: BenchSize, opts: { events: boolean }, body: () => Promise<void>): void {
  const run = async () => {
    const db = await openBenchDatabase();
    try {
      await ensureBenchData(db.url, size, opts);
      process.env.DATABASE_URL = db.url;
      await body();
      await (await import('@/lib/db/disconnect')).disconnectDatabase();
    } finally {
      await db.stop();
    }
  };
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

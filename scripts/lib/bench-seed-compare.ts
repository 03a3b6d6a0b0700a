/**
 * SYNTHETIC data for the compare benchmark: two releases of `perArm` runs each over the same tasks and
 * trials, every run paired, generated inside PostgreSQL. It lives in its own database of the bench
 * cluster (`bench_compare`), so the dashboard and search benchmarks' data stay as they are, and is
 * reused while the sizes match.
 */
import pg from 'pg';
import { insertSyntheticReleases, insertSyntheticTasks } from './bench-seed-synthetic';

export const COMPARE_ARMS = ['bench-r1', 'bench-r2'];

export async function ensureCompareData(url: string, perArm: number, trials: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`SET synchronous_commit = off`);
    await c.query(`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value int)`);
    const { rows } = await c.query<{ key: string; value: number }>(`SELECT key, value FROM bench_meta`);
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    if (meta.perArm === perArm && meta.trials === trials) return;
    console.log(
      `Seeding SYNTHETIC compare data (two arms of ${perArm.toLocaleString('en-US')} runs); reused on later runs.`,
    );
    const started = performance.now();
    await c.query(`DELETE FROM bench_meta`);
    await c.query(`TRUNCATE "Task", "BankRelease", "Card", "DashboardCell", "DashboardCardCell" CASCADE`);
    await insertSyntheticReleases(c, COMPARE_ARMS);
    const tasks = Math.ceil(perArm / trials);
    await insertSyntheticTasks(c, { prefix: 'ct', benchmark: 'bench-compare', count: tasks });
    // Run i of each arm is task i / trials, trial i % trials, one of four models per task. B passes
    // mostly where A passed (a correlated pair, as real releases are), with some flips both ways;
    // three checkpoints per run for partial credit, a cost, three injected cards.
    await c.query(
      `INSERT INTO "Trajectory" (id, "externalId", "taskId", trial, model, passed, "memoryRelease", "memoryCardIds", "contentHash",
                                 "eventCount", "failedCount", "pendingCount", "checkpointCount", "checkpointsPassed", metadata, "createdAt", "updatedAt")
       SELECT id, 'bench:' || id, 'ct' || (i / $2), i % $2, (ARRAY['kestrel-small','heron-large','wren-mini','robin-7b'])[1 + (i / $2) % 4], pass,
              ($3::text[])[arm + 1],
              ARRAY['skill::bench_' || (i % 200), 'skill::bench_' || ((i * 7) % 200), 'skill::bench_' || ((i * 13) % 200)],
              md5(id), 20 + abs(hashint4(i + arm)) % 40, 0, 0, 3, CASE WHEN pass THEN 3 ELSE abs(hashint4(i * 5 + arm)) % 3 END,
              jsonb_build_object('agent_cost', (abs(hashint4(i * 11 + arm)) % 1000) / 10000.0),
              now() - (60 - arm * 30) * interval '1 day' + i * interval '1 second', now()
       FROM (SELECT 'c' || arm || '_' || i AS id, arm, i,
                    CASE WHEN arm = 0 THEN a_pass
                         WHEN a_pass THEN abs(hashint4(i * 3 + 1)) % 100 < 88 ELSE abs(hashint4(i * 3 + 1)) % 100 < 25 END AS pass
             FROM generate_series(0, 1) arm, generate_series(0, $1 - 1) i, LATERAL (SELECT abs(hashint4(i)) % 100 < 55 AS a_pass) ap) r`,
      [perArm, trials, COMPARE_ARMS],
    );
    await c.query(`INSERT INTO "Card" (id, key, kind, ability, title, "createdAt", "updatedAt")
      SELECT 'bk' || i, 'skill::bench_' || i, 'SKILL', (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5], 'Bench card ' || i, now(), now() FROM generate_series(0, 199) i`);
    await c.query(`VACUUM ANALYZE`);
    await c.query(`INSERT INTO bench_meta VALUES ('perArm', $1), ('trials', $2)`, [perArm, trials]);
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await c.end();
  }
}

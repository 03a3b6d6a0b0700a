import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build';
import { freshDatabase } from './fresh-database';
import { freePort } from './embedded-db';
import { serveCommand } from './serve-command';
import { waitForHealth } from './wait-for-health';

/**
 * The built console (scripts/serve.ts, built first when sources changed) on a free
 * port against `databaseUrl`, for the benchmarks that measure it over HTTP or
 * in a browser. Output is dropped: the figures are the script's.
 */
export async function startBuiltApp(databaseUrl: string): Promise<{ base: string; stop: () => void }> {
  await buildIfNeeded();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { bin, args } = serveCommand(port);
  const server = spawn(bin, args, {
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const stop = () => void server.kill('SIGTERM');
  try {
    await waitForHealth(base);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}

/**
 * A benchmark against the built console: a fresh migrated database that
 * `seed` fills, the app started on it, then `measure` (its result is the exit
 * code). A failure is printed and gives 1; the app and the database are
 * stopped either way. Returns the exit code.
 */
export async function benchBuiltApp<S>(
  seed: () => Promise<S>,
  measure: (base: string, seeded: S) => Promise<number | void>,
): Promise<number> {
  const db = await freshDatabase('bench');
  let app: { stop: () => void } | undefined;
  try {
    const seeded = await seed();
    const started = await startBuiltApp(db.url);
    app = started;
    return (await measure(started.base, seeded)) ?? 0;
  } catch (err) {
    console.error(err);
    return 1;
  } finally {
    app?.stop();
    await db.stop();
  }
}

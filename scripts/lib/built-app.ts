import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build';
import { freePort } from './embedded-db';
import { waitForHealth } from './wait-for-health';

/**
 * The built console (`next start`, built first when sources changed) on a free
 * port against `databaseUrl`, for the benchmarks that measure it over HTTP or
 * in a browser. Output is dropped: the figures are the script's.
 */
export async function startBuiltApp(databaseUrl: string): Promise<{ base: string; stop: () => void }> {
  await buildIfNeeded();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port)], {
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

/**
 * `npm start` stops everything it started on every failure path: the web
 * server's whole process group (Next's `next-server` child included), the
 * worker and the embedded PostgreSQL — so the next `npm start` finds its
 * ports free. Runs the real start script (`--dev`: no build) on its own ports
 * and data folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, portInUse } from '../../../scripts/lib/embedded-db';
import { waitFor } from '../../helpers/wait-for';

type Run = { out: () => string; exited: Promise<number | null>; pgDir: string; port: number; pgPort: number };

async function startConsole(extraEnv: Record<string, string>): Promise<Run> {
  const pgDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'start-cleanup-')), 'pg');
  const port = await freePort();
  const pgPort = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DIR: pgDir,
    DEMO_SEED: 'off',
    // Its own dev build folder: `next dev` refuses a second dev server on one folder, and the two start test
    // files run side by side.
    NEXT_DIST_DIR: '.next-start-cleanup',
    ...extraEnv,
  };
  // The embedded cluster is what is under test: no external database.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev'], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { out: () => out, exited, pgDir, port, pgPort };
}

const webGroup = (out: string) => Number(out.match(/Starting the web server \(process group (\d+)\)/)?.[1]);
const alive = (pid: number, group = false) => {
  try {
    process.kill(group ? -pid : pid, 0);
    return true;
  } catch {
    return false;
  }
};
const postmasterPid = (pgDir: string) =>
  existsSync(path.join(pgDir, 'postmaster.pid'))
    ? Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : null;

describe('npm start failure paths', () => {
  it(
    'with a mistyped variable, names it and starts nothing (DEMO_SEED=false used to seed the demo users)',
    { timeout: 60_000 },
    async () => {
      const run = await startConsole({
        DEMO_SEED: 'false',
        OPENAI_BASE_URL: 'localhost:8000/v1',
        ADMIN_EMAIL: 'boss@example.test',
        ADMIN_PASSWORD: 'x',
      });
      const code = await run.exited;
      expect(code, run.out()).toBe(1);
      expect(run.out()).toContain('DEMO_SEED: must be "on" or "off" (got "false")');
      expect(run.out()).toContain('OPENAI_BASE_URL: must be an http:// or https:// URL');
      expect(run.out()).toContain('ADMIN_PASSWORD: must be at least 8 characters');
      // The password itself is never echoed.
      expect(run.out()).not.toContain('(got "x")');
      expect(run.out()).not.toContain('Embedded PostgreSQL');
      expect(existsSync(run.pgDir)).toBe(false);
    },
  );

  it(
    'when the database goes away during start-up, gives up on health and leaves nothing on the web port',
    { timeout: 180_000 },
    async () => {
      const run = await startConsole({ START_HEALTH_TIMEOUT_MS: '25000' });
      await waitFor('the web server to be spawned', async () => webGroup(run.out()) > 0, 120_000);
      // The database dies under the starting server: /api/health answers 503 from now on.
      const pm = postmasterPid(run.pgDir)!;
      expect(alive(pm)).toBe(true);
      process.kill(pm, 'SIGKILL');
      await waitFor('the web server to listen', () => portInUse(run.port), 120_000, 250);

      const code = await run.exited;
      expect(code, run.out()).toBe(1);
      expect(run.out()).toContain('The server did not become healthy');
      expect(await portInUse(run.port)).toBe(false);
      expect(alive(webGroup(run.out()), true)).toBe(false);
    },
  );

  it(
    'when the server is not healthy in time, stops the web server, the worker and the embedded PostgreSQL',
    { timeout: 180_000 },
    async () => {
      const run = await startConsole({ START_HEALTH_TIMEOUT_MS: '1' });
      const code = await run.exited;
      expect(code, run.out()).toBe(1);
      expect(run.out()).toContain('The server did not become healthy');
      const group = webGroup(run.out());
      expect(group).toBeGreaterThan(0);
      expect(alive(group, true)).toBe(false);
      expect(await portInUse(run.port)).toBe(false);
      // PostgreSQL was running (it served the migrations) and is stopped, its port free for the next start.
      expect(run.out()).toContain('Migrations applied');
      expect(await portInUse(run.pgPort)).toBe(false);
      expect(postmasterPid(run.pgDir)).toBeNull();
    },
  );
});

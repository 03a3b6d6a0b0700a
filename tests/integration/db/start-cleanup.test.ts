/**
 * `npm start` stops everything it started on every failure path: the web
 * server's whole process group (Next's `next-server` child included), the
 * worker and the embedded PostgreSQL — so the next `npm start` finds its
 * ports free. Runs the real start script (`--dev`: no build) on its own ports
 * and data folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portInUse } from '../../../scripts/lib/embedded-db';
import { isAlive } from '../../../scripts/lib/process-group';
import { startConsole as startConsoleIn } from '../../helpers/start-console';
import { waitFor } from '../../helpers/wait-for';

const startConsole = (extraEnv: Record<string, string>) => startConsoleIn('.next-start-cleanup', extraEnv);

const webGroup = (out: string) => Number(out.match(/Starting the web server \(process group (\d+)\)/)?.[1]);
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
      expect(isAlive(pm)).toBe(true);
      process.kill(pm, 'SIGKILL');
      await waitFor('the web server to listen', () => portInUse(run.port), 120_000, 250);

      const code = await run.exited;
      expect(code, run.out()).toBe(1);
      expect(run.out()).toContain('The server did not become healthy');
      expect(await portInUse(run.port)).toBe(false);
      expect(isAlive(webGroup(run.out()), true)).toBe(false);
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
      expect(isAlive(group, true)).toBe(false);
      expect(await portInUse(run.port)).toBe(false);
      // PostgreSQL was running (it served the migrations) and is stopped, its port free for the next start.
      expect(run.out()).toContain('Migrations applied');
      expect(await portInUse(run.pgPort)).toBe(false);
      expect(postmasterPid(run.pgDir)).toBeNull();
    },
  );
});

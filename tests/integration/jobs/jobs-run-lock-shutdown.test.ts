import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { waitFor } from '../../helpers/wait-for';

/**
 * Ctrl-C on `npm start` also reaches the embedded PostgreSQL, which closes the
 * worker's run-lock connection while the worker is still stopping. That loss is
 * expected and must not be printed as an error; a loss while running still is.
 * PostgreSQL's side is played by pg_terminate_backend (the same FATAL 57P01).
 */
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

async function startHolder() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/run-lock-holder.ts'], {
    env: { ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d) => (out.stdout += d));
  child.stderr!.on('data', (d) => (out.stderr += d));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  await waitFor(
    'the holder to take its lock',
    async () => out.stdout.includes('locked') || child.exitCode !== null,
    60_000,
  );
  expect(out.stdout, out.stderr).toContain('locked');
  return { child, out, exited };
}

/** Ends the holder's lock connection as a PostgreSQL shutting down would; returns how many it ended. */
async function terminateLockConnection(): Promise<number> {
  const rows = await prisma.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = 'memory-console-run-locks'
      AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')`;
  let ended = 0;
  for (const r of rows) {
    const [{ ok }] = await prisma.$queryRaw<{ ok: boolean }[]>`SELECT pg_terminate_backend(${r.pid}::int) AS ok`;
    if (ok) ended++;
  }
  return ended;
}

it(
  'prints "run-lock connection lost" when the lock connection is lost while the process runs',
  { timeout: 90_000 },
  async () => {
    const { out } = await startHolder();
    expect(await terminateLockConnection()).toBe(1);
    await waitFor(
      'the loss to be reported',
      async () => out.stderr.includes('[jobs] run-lock connection lost'),
      30_000,
    );
  },
);

it('stays quiet when the connection goes while the process is stopping on Ctrl-C', { timeout: 90_000 }, async () => {
  const { child, out, exited } = await startHolder();
  child.kill('SIGINT');
  // The holder is still stopping (it closes its locks a second later) when PostgreSQL goes.
  expect(await terminateLockConnection()).toBe(1);
  expect(await exited).toBe(0);
  expect(out.stderr).not.toContain('run-lock connection lost');
});

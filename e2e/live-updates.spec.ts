import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import pg from 'pg';
import { prisma } from '@/lib/db/prisma';
import { DEMO_PASSWORD, loginAs } from './helpers';

// One replica B for both tests (a second `next start` on the same database), so run them in one worker.
test.describe.configure({ mode: 'serial' });

const POLL_MS = 1500; // components/reflection/use-run-summaries.ts: what the page polled at before live updates
let replicaB: ChildProcess | undefined;
let baseB = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  baseB = `http://127.0.0.1:${port}`;
  replicaB = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port)], { stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  await expect.poll(async () => fetch(`${baseB}/api/health`).then((r) => r.ok, () => false), { timeout: 60_000 }).toBe(true);
});

test.afterAll(async () => {
  replicaB?.kill('SIGTERM');
  await prisma.$disconnect();
});

/** Opens `url` and resolves once the page's live stream (/api/live) is connected. */
async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((r) => r.url().includes('/api/live?') && r.status() === 200);
  await page.goto(url);
  await stream;
}

test('the run page shows a status change pushed from the database, without polling while the run is active', async ({ page }) => {
  const task = await prisma.task.findUniqueOrThrow({ where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/2' } } });
  const run = await prisma.reflectionRun.create({ data: { taskId: task.id, provider: 'OFFLINE', status: 'RUNNING', startedAt: new Date() } });
  // Hold the run's worker lock (lib/jobs/run-lock.ts) so the e2e worker's recovery leaves this RUNNING run alone.
  const lock = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await lock.connect();
  await lock.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', ['reflection-run', run.id]);
  try {
    const runRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/reflection/runs/${run.id}`)) runRequests.push(r.url());
    });
    await loginAs(page, 'reviewer@demo.local', DEMO_PASSWORD);
    await openLive(page, `/runs/${run.id}`);
    await expect(page.getByTestId('run-status').first()).toHaveAttribute('data-status', 'RUNNING');
    // The page's first load (and its refetch on mount) are not polling: count from here.
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    runRequests.length = 0;
    // An absence can only be observed over time: three of the old poll intervals with the run active.
    await page.waitForTimeout(3 * POLL_MS);
    expect(runRequests).toEqual([]);

    await prisma.reflectionRun.update({ where: { id: run.id }, data: { status: 'FAILED', error: 'stopped by the live-updates test', finishedAt: new Date() } });
    await expect(page.getByTestId('run-status').first()).toHaveAttribute('data-status', 'FAILED');
    await expect(page.getByText('stopped by the live-updates test')).toBeVisible();
    // One refetch because of the notification, not a poll loop.
    expect(runRequests).toHaveLength(1);
  } finally {
    await lock.end();
  }
});

test('a run started through replica B appears live on the runs page served by replica A', async ({ page }) => {
  const task = await prisma.task.findUniqueOrThrow({ where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/1' } } });
  await loginAs(page, 'reviewer@demo.local', DEMO_PASSWORD);
  await openLive(page, '/runs');

  const b = await request.newContext({ baseURL: baseB });
  try {
    expect((await b.post('/api/auth/login', { data: { email: 'researcher@demo.local', password: DEMO_PASSWORD } })).ok()).toBe(true);
    const res = await b.post('/api/reflection/runs', { data: { taskId: task.id, settings: { provider: 'offline' } } });
    expect(res.ok(), await res.text()).toBe(true);
    const { run } = (await res.json()) as { run: { id: string } };
    // Replica A learns of it through PostgreSQL NOTIFY; the page was not reloaded.
    const row = page.locator(`tr[data-run-id="${run.id}"]`);
    await expect(row).toBeVisible();
    // The worker finishes it; replica A shows that too.
    await expect(row.getByTestId('run-status')).toHaveAttribute('data-status', 'SUCCEEDED');
  } finally {
    await b.dispose();
  }
});

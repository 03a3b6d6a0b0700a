/**
 * npm run bench:trajectory-dom [-- --runs 3]
 *
 * Seeds two trajectories (100 and 5,000 events) into a fresh embedded
 * PostgreSQL, serves the built app (scripts/serve.ts, NEXT_DIST_DIR honoured),
 * opens each trajectory page in Chromium (same launch options as
 * playwright.config.ts) and prints, per size, the DOM node count after the
 * first event rendered, the node count after scrolling to the last event, and
 * the first render time (navigation start → first event row filled), with the
 * 5,000/100 ratios. The timeline is virtualised, so node counts must be flat
 * (ratio ≈ 1). Not a test: figures only.
 */
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { benchBuiltApp } from './lib/built-app';
import { parseCountArgs } from './lib/cli-args';
import { plural } from '@/lib/text/plural';
import { trajectoryHref } from '@/lib/trajectories/event-link';

const { counts } = parseCountArgs('Usage: npm run bench:trajectory-dom [-- --runs 3]', { runs: 3 });
const RUNS = Math.max(1, counts.runs);
const SIZES = [100, 5000] as const;
const EMAIL = 'bench-annotator@bench.local';
const PASSWORD = 'bench-password';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(): Promise<Record<number, string>> {
  const { prisma } = await import('@/lib/db/prisma');
  const { hashPassword } = await import('@/lib/auth/password');
  const { failedRecord, seedRecords } = await import('../tests/helpers/failed-trajectories');
  await prisma.user.create({
    data: { email: EMAIL, name: 'Bench Annotator', role: 'ANNOTATOR', passwordHash: await hashPassword(PASSWORD) },
  });
  const ids: Record<number, string> = {};
  for (const n of SIZES) {
    const content = (i: number) =>
      `Event ${i}: ${'a fairly ordinary line of agent or tool text '.repeat(3)}\n${JSON.stringify({ row: i, items: [1, 2, 3] })}`;
    [ids[n]] = await seedRecords([failedRecord({ benchmark: 'bench-dom', events: n, content })]);
  }
  await (await import('@/lib/db/disconnect')).disconnectDatabase();
  return ids;
}

async function measure(page: Page, id: string) {
  const started = Date.now();
  await page.goto(trajectoryHref(id), { waitUntil: 'commit' });
  // First render: the first event row carries its loaded data (not the "loading…" placeholder).
  await page.locator('[data-testid="event-0"]').filter({ hasText: 'user' }).waitFor();
  const firstRenderMs = Date.now() - started;
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const count = await page.evaluate(() =>
    Number(
      document.querySelector('[data-testid="event-timeline"]')?.getAttribute('aria-label')?.match(/\d+/)?.[0] ?? 0,
    ),
  );
  // Row heights are measured as they render, so the total height settles while scrolling: keep going to the end.
  const lastRow = page.locator(`[data-testid="event-${count - 1}"]`).filter({ hasText: 'final answer' });
  for (let i = 0; i < 50 && !(await lastRow.count()); i++) {
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="event-timeline"]')!;
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForTimeout(100);
  }
  await lastRow.waitFor();
  const nodesAtEnd = await page.evaluate(() => document.getElementsByTagName('*').length);
  const rows = await page.locator('[data-testid^="event-"]').count();
  return { firstRenderMs, nodes, nodesAtEnd, rows };
}

/** The measurements: warm-up, RUNS per size, the table and the flatness check (exit 1 when nodes grow with events). */
async function measureSizes(base: string, ids: Record<number, string>): Promise<number> {
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post('/api/auth/login', {
    data: { email: EMAIL, password: PASSWORD },
    headers: { origin: base },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const page = await context.newPage();
  await measure(page, ids[100]); // warm-up: first request of a fresh server
  const results: Record<number, { firstRenderMs: number; nodes: number; nodesAtEnd: number; rows: number }> = {};
  for (const n of SIZES) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await measure(page, ids[n]));
    results[n] = {
      firstRenderMs: median(runs.map((x) => x.firstRenderMs)),
      nodes: median(runs.map((x) => x.nodes)),
      nodesAtEnd: median(runs.map((x) => x.nodesAtEnd)),
      rows: median(runs.map((x) => x.rows)),
    };
  }
  await browser.close();
  console.log(`Trajectory page, median of ${plural(RUNS, 'run')}, viewport 1440×900`);
  console.log('events | DOM nodes (first render) | DOM nodes (scrolled to end) | event rows in DOM | first render ms');
  for (const n of SIZES) {
    const r = results[n];
    console.log(
      `${String(n).padStart(6)} | ${String(r.nodes).padStart(24)} | ${String(r.nodesAtEnd).padStart(27)} | ${String(r.rows).padStart(17)} | ${String(r.firstRenderMs).padStart(15)}`,
    );
  }
  const [small, large] = SIZES.map((n) => results[n]);
  const nodeRatio = large.nodes / small.nodes;
  console.log(
    `ratio 5000/100: DOM nodes ${nodeRatio.toFixed(2)}× (flat if ≈ 1), first render ${(large.firstRenderMs / small.firstRenderMs).toFixed(2)}×`,
  );
  if (nodeRatio > 1.2) {
    console.error('DOM node count grows with the event count: the timeline is not virtualised.');
    return 1;
  }
  return 0;
}

process.exit(await benchBuiltApp(seed, measureSizes));

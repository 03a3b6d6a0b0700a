import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importFile } from '@/lib/import/run-import';
import { loginAs } from './helpers';

// Names of this run only: the e2e database is shared between spec files.
const run = randomBytes(3).toString('hex');
const BENCH = `e2e-agents-${run}`;
const MODEL = `harbor-${run}`;
const AGENTS = [`react-${run}`, `planner-${run}`];

/** Imports runs of MODEL into `bench`, run `first + n` under AGENTS[agents[n]] (run 1 fails, the others pass). */
async function importRuns(bench: string, agents: number[], first = 0) {
  const lines = agents.map((agent, n) => {
    const i = first + n;
    return JSON.stringify({
      format: 'trajectory.v1',
      task: {
        id: `agt/${i}`,
        benchmark: bench,
        ability: 'agents',
        instruction: 'Say hello.',
        apps: ['Hello'],
        checkpoints: [{ id: 'c0', name: 'greets' }],
      },
      trajectory: {
        id: `${bench}:${i}`,
        model: MODEL,
        agent: AGENTS[agent],
        outcome: { passed: i !== 1 },
        feedback: 'checkpoint_binary',
      },
      events: [
        { source: 'user', type: 'message', content: 'Hi' },
        { source: 'agent', type: 'message', content: 'Hello' },
      ],
      checkpoints: [{ id: 'c0', passed: i !== 1 }],
    });
  });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-agents-')), `${bench}-${first}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  expect(await importFile({ by: { cli: true }, source: 'CLI', filePath: file })).toMatchObject({
    importedCount: agents.length,
  });
}

// One model under two agent harnesses: 3 runs under the first agent, 1 under the second.
// Once per worker: with fullyParallel, Playwright may run beforeAll again in the same worker for a later
// test of this file (same module, same BENCH), and a second import would find every record present.
let imported: Promise<void> | undefined;
test.beforeAll(() => (imported ??= importRuns(BENCH, [0, 0, 0, 1])));

test('the agent filter narrows every figure to one agent, from the keyboard, and the drill-down keeps it', async ({
  page,
}) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/dashboard?benchmark=${BENCH}`);
  const stats = page.getByTestId('dashboard-stats');
  // The first figure is the trajectory count.
  await expect(stats.locator('dd').first()).toHaveText('4');
  await expect(page.getByTestId('panel-pass-rate-by-model').getByTestId('axis-label')).toHaveCount(2);

  // Keyboard only: the agent menu takes focus and a choice, Apply takes Enter.
  const agent = page.locator('select[name="agent"]');
  await agent.focus();
  await agent.selectOption(AGENTS[0]);
  await page.getByRole('button', { name: 'Apply' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`agent=${AGENTS[0]}`));
  await expect(agent).toHaveValue(AGENTS[0]);
  await expect(stats.locator('dd').first()).toHaveText('3');
  await expect(stats).toContainText('66.7%');

  const panel = page.getByTestId('panel-pass-rate-by-model');
  await panel.getByRole('button', { name: 'Table' }).click();
  const rows = panel.getByTestId('table-pass-rate-by-model').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: 'List' }).click();
  await expect(page.getByTestId('drill-trajectories').locator('tbody tr')).toHaveCount(3);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`agent=${AGENTS[0]}`));
  await expect(agent).toHaveValue(AGENTS[0]);
});

test('"No agent" in the agent menu narrows the figures to runs without one, from the keyboard, and puts nullAgent=1 in the URL', async ({
  page,
}) => {
  const bench = `${BENCH}-none`;
  // Runs 0 and 2 under the first agent, run 1 with none recorded (an index past AGENTS leaves the agent out).
  await importRuns(bench, [0, AGENTS.length, 0]);
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/dashboard?benchmark=${bench}`);
  const count = page.getByTestId('dashboard-stats').locator('dd').first();
  await expect(count).toHaveText('3');
  // By its label: with "No agent" chosen the select has no name (it submits nullAgent=1 instead).
  const agent = page
    .locator('label')
    .filter({ hasText: /^Agent/ })
    .locator('select');
  await agent.focus();
  await agent.selectOption({ label: 'No agent' });
  await page.getByRole('button', { name: 'Apply' }).press('Enter');
  await expect(page).toHaveURL(/nullAgent=1/);
  expect(page.url()).not.toMatch(/[?&]agent=/);
  await expect(count).toHaveText('1');
  await expect(agent).toHaveValue('(no agent)');
});

test('an open dashboard shows a new import without a reload', async ({ page }) => {
  const bench = `${BENCH}-live`;
  await importRuns(bench, [1]);
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/dashboard?benchmark=${bench}&agent=${AGENTS[1]}`);
  const count = page.getByTestId('dashboard-stats').locator('dd').first();
  await expect(count).toHaveText('1');
  // Set on this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await importRuns(bench, [1, 1], 10);
  await expect(count).toHaveText('3');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importFile } from '@/lib/import/run-import';
import { loginAs } from './helpers';

// Names of this run only: the e2e database is shared between spec files.
const run = randomBytes(3).toString('hex');
const BENCH = `e2e-labels-${run}`;
// Many long model names: recharts used to name only every other bar.
const MODELS = Array.from({ length: 9 }, (_, i) => `vendor-${run}/a-rather-long-model-name-${i}`);

// Once per worker: with fullyParallel, Playwright may run beforeAll again in the same worker for a later
// test of this file (same module, same BENCH), and a second import would find every record present.
let imported: Promise<void> | undefined;
test.beforeAll(() => (imported ??= importRuns()));

async function importRuns() {
  const lines = MODELS.map((model, i) =>
    JSON.stringify({
      format: 'trajectory.v1',
      task: {
        id: 'lbl/1',
        benchmark: BENCH,
        ability: 'labels',
        instruction: 'Say hello.',
        apps: ['Hello'],
        checkpoints: [{ id: 'c0', name: 'greets' }],
      },
      trajectory: { id: `${BENCH}:${i}`, model, outcome: { passed: i % 2 === 0 }, feedback: 'checkpoint_binary' },
      events: [
        { source: 'user', type: 'message', content: 'Hi' },
        { source: 'agent', type: 'message', content: 'Hello' },
      ],
      checkpoints: [{ id: 'c0', passed: i % 2 === 0 }],
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-labels-')), `${BENCH}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  expect(await importFile({ by: { cli: true }, source: 'CLI', filePath: file })).toMatchObject({
    importedCount: MODELS.length,
  });
}

test('every bar of "Pass rate by model" is labelled, cut short with the full name on hover', async ({ page }, info) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/dashboard?benchmark=${BENCH}`);
  const labels = page.getByTestId('panel-pass-rate-by-model').getByTestId('axis-label');
  await expect(labels).toHaveCount(MODELS.length);
  expect(await labels.evaluateAll((els) => els.map((e) => e.getAttribute('data-full')))).toEqual([...MODELS].sort());
  expect(await labels.first().locator('title').textContent()).toBe([...MODELS].sort()[0]);
  await page.getByTestId('panel-pass-rate-by-model').screenshot({ path: info.outputPath('pass-rate-by-model.png') });
});

test('a date range that ends before it starts says so on the page', async ({ page }) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/dashboard?benchmark=${BENCH}&from=2026-12-05&to=2026-12-01`);
  await expect(page.getByText('The range ends (2026-12-01) before it starts (2026-12-05)')).toBeVisible();
});

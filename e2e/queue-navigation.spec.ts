import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// How the queue behaves as a page of the browser: history entries, Back/Forward, coming back to it,
// its text filters and its first request. Every test seeds its own trajectories under a benchmark and
// a model of its own and filters by them (the e2e database is shared with the demo seed and other specs).
const unique = (what: string) => `e2e-qnav-${what}-${randomBytes(4).toString('hex')}`;

/** Seeds `n` failed trajectories of one new benchmark and model; returns their names and ids (queue order). */
async function seedQueue(n: number, opts: { failed?: number } = {}) {
  const benchmark = unique('bench');
  const model = unique('model');
  const ids = await seedRecords(Array.from({ length: n }, (_, i) => failedRecord({ benchmark, model, failed: i === 0 ? opts.failed : 1 })));
  return { benchmark, model, ids };
}

const rows = (page: Page) => page.locator('[data-testid^="queue-row-"]');
const filters = (page: Page) => page.getByRole('form', { name: 'Queue filters' });

test('Back from the item "Take next item" claimed shows the claim in the queue', async ({ page }) => {
  const { model, ids } = await seedQueue(2);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?model=${model}`);
  await expect(page.getByTestId(`queue-row-${ids[0]}`).getByTestId('queue-claim')).toHaveText('unclaimed');
  await expect(page.getByTestId('queue-holding')).toHaveText('0');

  await page.getByTestId('queue-next').click();
  await page.waitForURL(new RegExp(`/trajectories/${ids[0]}\\?`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/queue\\?model=${model}$`));
  await expect(page.getByTestId(`queue-row-${ids[0]}`).getByTestId('queue-claim')).toContainText('you');
  await expect(page.getByTestId('queue-holding')).toHaveText('1');
  await expect(page.getByTestId('queue-claimed')).toHaveText('1');
});

test('queue filter and page changes add history entries: Back and Forward step through them with their filters and rows', async ({ page }) => {
  const { benchmark, model, ids } = await seedQueue(27);
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/tasks');
  await page.goto('/queue');
  await expect(page.getByTestId('queue-progress')).toBeVisible();
  const f = filters(page);

  await f.getByLabel('Model').selectOption(model);
  await expect(page).toHaveURL(`/queue?model=${model}`);
  await f.getByLabel('Benchmark').selectOption(benchmark);
  await expect(page).toHaveURL(`/queue?model=${model}&benchmark=${benchmark}`);
  await expect(page.getByText('Page 1 of 2 · 27 items')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 · 27 items')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId(`queue-row-${ids[26]}`)).toBeVisible();

  // Back: page 1 of the same filtered queue, its rows and both filters.
  await page.goBack();
  await expect(page).toHaveURL(`/queue?model=${model}&benchmark=${benchmark}`);
  await expect(page.getByText('Page 1 of 2 · 27 items')).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId(`queue-row-${ids[0]}`)).toBeVisible();
  await expect(f.getByLabel('Benchmark')).toHaveValue(benchmark);
  // Back again: the model alone; the benchmark select shows "any" again.
  await page.goBack();
  await expect(page).toHaveURL(`/queue?model=${model}`);
  await expect(f.getByLabel('Benchmark')).toHaveValue('');
  await expect(f.getByLabel('Model')).toHaveValue(model);
  // Forward: the benchmark is back, with its select.
  await page.goForward();
  await expect(page).toHaveURL(`/queue?model=${model}&benchmark=${benchmark}`);
  await expect(f.getByLabel('Benchmark')).toHaveValue(benchmark);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/queue');
  await expect(f.getByLabel('Model')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL('/tasks');
});

test('a task list filter change adds a history entry; Back shows the list before it', async ({ page }) => {
  const { benchmark } = await seedQueue(1);
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/tasks');
  const f = page.getByRole('form', { name: 'Filter tasks' });
  await f.getByLabel('Benchmark').selectOption(benchmark);
  await expect(page).toHaveURL(`/tasks?benchmark=${benchmark}`);
  await expect(page.locator('[data-testid^="task-row-"]')).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL('/tasks');
  await expect(f.getByLabel('Benchmark')).toHaveValue('');
  await expect(page.locator('[data-testid^="task-row-"]')).not.toHaveCount(1);
});

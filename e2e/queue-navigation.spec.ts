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
  const ids = await seedRecords(
    Array.from({ length: n }, (_, i) => failedRecord({ benchmark, model, failed: i === 0 ? opts.failed : 1 })),
  );
  return { benchmark, model, ids };
}

/** Waits for the URL's query to hold exactly these parameters, in any order. */
const expectQuery = (page: Page, query: Record<string, string>) =>
  expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);

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

test('queue filter and page changes add history entries: Back and Forward step through them with their filters and rows', async ({
  page,
}) => {
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
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
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

test('queue text filters apply after a pause and when leaving the field; a change of another filter keeps what the field shows', async ({
  page,
}) => {
  const { benchmark, ids } = await seedQueue(2, { failed: 2 });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId('queue-total')).toHaveText('2');
  const f = filters(page);
  const key = f.getByLabel('Checkpoint key');

  // Typed, no Enter, the field keeps the focus: it applies after a short pause.
  await key.fill('cp_1');
  await expect(key).toBeFocused();
  await expect(page).toHaveURL(`/queue?benchmark=${benchmark}&checkpointKey=cp_1`);
  await expect(page.getByTestId('queue-total')).toHaveText('1');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId(`queue-row-${ids[0]}`)).toBeVisible();

  // Tabbing away applies at once.
  await key.fill('cp_0');
  await key.press('Tab');
  await expect(page).toHaveURL(`/queue?benchmark=${benchmark}&checkpointKey=cp_0`);
  await expect(page.getByTestId('queue-total')).toHaveText('2');

  // Another filter changes while the typed text is not yet applied: the text still applies with it.
  await key.fill('cp_1');
  await f.getByLabel('Checkpoint status').selectOption('undiagnosed');
  await expectQuery(page, { benchmark, checkpointStatus: 'undiagnosed', checkpointKey: 'cp_1' });
  await expect(key).toHaveValue('cp_1');
  await expect(page.getByTestId('queue-total')).toHaveText('1');

  // A typed text, then another select takes the focus and changes at once: the text applied on leaving goes along.
  await key.fill('cp_0');
  await f.getByLabel('Assignee').focus();
  await f.getByLabel('Assignee').selectOption('unclaimed');
  await expectQuery(page, { benchmark, checkpointStatus: 'undiagnosed', checkpointKey: 'cp_0', assignee: 'unclaimed' });
  await expect(page.getByTestId('queue-total')).toHaveText('2');
  await expect(key).toHaveValue('cp_0');

  // A typed text, then "Clear filters" (the click takes the focus first): everything is cleared, the field too.
  await key.fill('cp_0');
  await f.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/queue');
  await expect(key).toHaveValue('');
});

test('the queue’s first request already carries the filters of its URL', async ({ page }) => {
  const { benchmark, model, ids } = await seedQueue(2);
  await loginAs(page, 'annotator@demo.local');
  // An annotator lands on the unfiltered queue after signing in: let its own request go out first, or it
  // is taken for the filtered page's (that is what looked like "the first request has no filters").
  await expect(page.getByTestId('queue-progress')).toBeVisible();
  const requests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/queue') requests.push(url.search);
  });
  await page.goto(`/queue?model=${model}&benchmark=${benchmark}`);
  await expect(page.getByTestId(`queue-row-${ids[1]}`)).toBeVisible();
  await expect(page.getByTestId('queue-total')).toHaveText('2');
  expect(requests.length).toBeGreaterThan(0);
  for (const search of requests) {
    const sp = new URLSearchParams(search);
    expect({ model: sp.get('model'), benchmark: sp.get('benchmark') }, `request /api/queue${search}`).toEqual({
      model,
      benchmark,
    });
  }
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
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

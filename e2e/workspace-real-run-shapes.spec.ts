import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { claimNext } from '@/lib/queue/claim-next';
import { createActor } from '../tests/helpers/factories';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// Shapes seen in the real τ-bench / τ²-bench runs; each test seeds its own data under a unique benchmark.
const bench = (what: string) => `e2e-shapes-${what}-${randomBytes(4).toString('hex')}`;

test('on a run with twenty checkpoints held by another annotator, the footer says so and Ctrl+Enter shows who holds it', async ({ page }) => {
  const benchmark = bench('held-long');
  const [id] = await seedRecords([failedRecord({ benchmark, events: 30, failed: 3, passed: 19 })]);
  const holder = await createActor('ANNOTATOR');
  expect(await claimNext(holder, { benchmark })).toEqual({ trajectoryId: id });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('diagnosis-status')).toHaveText(`Read-only: ${holder.name} is working on this trajectory`);
  const notice = page.getByTestId('claim-held');
  // Below the long checkpoint list: the submit bar is all that is in view.
  await expect(notice).not.toBeInViewport();
  await expect(async () => {
    await page.keyboard.press('Control+Enter');
    await expect(notice).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a failed run whose recorded checkpoints all passed says so, and names the checks it has no result for', async ({ page }) => {
  const record = failedRecord({ benchmark: bench('unscored'), failed: 0, passed: 3, keys: ['2_0', 'db', 'output_0'] });
  record.checkpoints = record.checkpoints!.slice(0, 1);
  record.trajectory.outcome = { passed: false, score: 0 };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('checkpoints-unscored')).toHaveText('No result in this run: db, output_0');
  await expect(page.getByText(/^The run failed \(score 0\), but none of its checkpoint results failed; 2 checkpoints of the task have no result/)).toBeVisible();
  await expect(page.getByText('Every checkpoint passed')).toHaveCount(0);
});

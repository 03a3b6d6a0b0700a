import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { claimNext } from '@/lib/queue/claim-next';
import { createActor } from '../tests/helpers/factories';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// Shapes seen in the real τ-bench / τ²-bench runs; each test seeds its own data under a unique benchmark.
const bench = (what: string) => `e2e-shapes-${what}-${randomBytes(4).toString('hex')}`;

test('on a run held by another annotator, the footer says who holds it and Ctrl+Enter brings the note back into view', async ({
  page,
}) => {
  const benchmark = bench('held-long');
  const [id] = await seedRecords([failedRecord({ benchmark, events: 30, failed: 3, passed: 19 })]);
  const holder = await createActor('ANNOTATOR');
  expect(await claimNext(holder, { benchmark })).toEqual({ trajectoryId: id });
  await loginAs(page, 'annotator@demo.local');
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('diagnosis-status')).toHaveText(
    `Read-only: ${holder.name} is working on this trajectory`,
  );
  const notice = page.getByTestId('claim-held');
  // Scrolled down the panel (to the form's last fields): the submit bar is what is left in view.
  await page.getByTestId('workspace-panel').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(notice).not.toBeInViewport();
  await expect(async () => {
    await page.keyboard.press('Control+Enter');
    await expect(notice).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a failed run whose recorded checkpoints all passed is diagnosed as a whole, and names the checks it has no result for', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: bench('unscored'), failed: 0, passed: 3, keys: ['2_0', 'db', 'output_0'] });
  record.checkpoints = record.checkpoints!.slice(0, 1);
  record.trajectory.outcome = { passed: false, score: 0 };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('checkpoints-unscored')).toHaveText('No result in this run: db, output_0');
  await expect(page.getByTestId('run-level-summary')).toHaveText(
    /^The run failed \(score 0\) and its one checkpoint result passed; 2 checkpoints of the task have no result/,
  );
  await expect(page.getByText('none of its checkpoint results failed')).toHaveCount(0);
  await expect(page.getByText('Every checkpoint passed')).toHaveCount(0);
});

test('on a run with twenty-five checkpoints, the active one and its form are in view on arrival and after "]"', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: bench('long-list'), events: 30, failed: 0, passed: 25 });
  // The failed ones at the end of the list, as in real runs (NL assertions and db after the actions).
  record.checkpoints = record.checkpoints!.map((c, i) => (i >= 20 ? { ...c, passed: false } : c));
  record.trajectory.outcome = { passed: false, score: 0 };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  const list = page.getByRole('list', { name: 'Checkpoints' });
  await expect(list.getByTestId('checkpoint-cp_20')).toHaveAttribute('aria-current', 'true');
  await expect(list.getByTestId('checkpoint-cp_20')).toBeInViewport();
  await expect(page.getByRole('heading', { name: /^Diagnose cp_20/ })).toBeInViewport();
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_20' }).getByLabel('Failure category')).toBeInViewport();
  await expect(async () => {
    if ((await list.getByTestId('checkpoint-cp_24').getAttribute('aria-current')) !== 'true')
      await page.keyboard.press('[');
    await expect(list.getByTestId('checkpoint-cp_24')).toHaveAttribute('aria-current', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(list.getByTestId('checkpoint-cp_24')).toBeInViewport();
  await expect(page.getByRole('heading', { name: /^Diagnose cp_24/ })).toBeInViewport();
});

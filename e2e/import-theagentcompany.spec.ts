import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { tacFiles, tacZip } from '../tests/helpers/tac-fixture';
import { loginAs, logOut, openNavSection, uploadOnImportsPage } from './helpers';

test('a TheAgentCompany archive uploaded on the Imports page: partial credit diagnosed from the queue, two agents contrasted', async ({
  page,
}, info) => {
  // Three users in turn on one page: upload, diagnose, compare.
  test.setTimeout(120_000);
  // Task names of this run only: the e2e database is shared.
  const suffix = `-e2e${randomBytes(3).toString('hex')}`;
  const task = `ds-sheets${suffix}`;
  mkdirSync(info.outputDir, { recursive: true });
  const file = path.join(info.outputDir, `experiments${suffix}.zip`);
  writeFileSync(file, tacZip(tacFiles(suffix)));

  await loginAs(page, 'researcher@demo.local');
  await openNavSection(page, 'Imports');
  await uploadOnImportsPage(page, file);
  const report = page.getByRole('region', { name: `Import report for experiments${suffix}.zip` });
  await expect(report).toBeVisible();
  await expect(report.getByTestId('count-imported')).toHaveText('6');
  // The run that never started is counted apart, with a note saying it is neither queued nor in the pass rates.
  await expect(report.getByTestId('count-never-started')).toHaveText('1');
  await expect(report.getByTestId('not-started')).toContainText('1 run never started');

  const run = await prisma.trajectory.findFirstOrThrow({
    where: { task: { benchmark: 'theagentcompany', externalId: task }, agent: 'OpenHands 0.14.2' },
  });

  // The annotator sees the partial credit on the queue row, opens it and diagnoses the checkpoint.
  await logOut(page);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=theagentcompany&model=sonnet-20241022`);
  const row = page.getByTestId(`queue-row-${run.id}`);
  await expect(row.getByTestId('queue-checkpoints')).toHaveText('checkpoint-1 (1 of 2 points)');
  await row.getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/trajectories/${run.id}`));
  await expect(page.getByTestId('checkpoint-checkpoint-1-points')).toHaveText('1 of 2 points');
  await expect(page.getByTestId('checkpoint-checkpoint-2-points')).toHaveCount(0);
  // The long command output was cut at import: the page says so, and the text marks where.
  await expect(page.getByTestId('event-2-cut')).toContainText('characters in full');
  // No anchor for a TheAgentCompany checkpoint: the annotator picks the events where it went wrong.
  await page.getByTestId('event-1').click();
  await page.keyboard.press('d');
  const diagnosis = page.getByRole('form', { name: 'Diagnosis of checkpoint-1' });
  await expect(diagnosis.getByLabel('Failure category')).toBeFocused();
  await page.keyboard.press('2');
  await diagnosis.getByLabel('What went wrong').fill('Merged only the first sheet: the second was never opened.');
  await diagnosis.getByLabel('What should have happened').fill('Open both sheets and merge every row.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await diagnosis.getByLabel('What should have happened').press('Control+Enter');
  await expect
    .poll(async () => (await prisma.diagnosis.findFirst({ where: { trajectoryId: run.id } }))?.status)
    .toBe('SUBMITTED');

  // The task contrast lines up both agents' runs of the task.
  await logOut(page);
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/tasks/${run.taskId}`);
  const columns = page.getByTestId('contrast-column');
  await expect(columns).toHaveCount(2);
  await expect(page.getByTestId('contrast-column').filter({ hasText: 'sonnet-20241022' })).toBeVisible();
  await expect(page.getByTestId('contrast-column').filter({ hasText: 'deepseek-v3.2' })).toBeVisible();
});

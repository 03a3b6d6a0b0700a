import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

/**
 * Presses `key` until `dialog` is open (a key pressed before hydration reaches no handler). The dialogs stay
 * in the DOM while closed (they keep what was typed), so pressShortcut's "is it there" cannot tell.
 */
async function openWithKey(page: Page, key: string, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press(key);
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

// Each test seeds its own runs under a unique benchmark (self-written, shaped like τ²-bench airline runs).
const bench = (what: string) => `e2e-queue-${what}-${randomBytes(4).toString('hex')}`;

test('a passed run failing only a check outside its reward basis is not queued by default, and the filter brings it', async ({
  page,
}) => {
  const benchmark = bench('informational');
  // Passed (reward 1.0 on DB + COMMUNICATE) with only an action check failed: it did not count.
  const passedRun = failedRecord({ benchmark, model: 'model-passed', keys: ['33_2', 'db'] });
  passedRun.task.metadata = { reward_basis: ['DB', 'COMMUNICATE'] };
  passedRun.trajectory.outcome = { passed: true, score: 1 };
  passedRun.checkpoints = passedRun.checkpoints!.map((c) => ({ ...c, in_reward_basis: c.id === 'db' }));
  // A failed run of the same task: its failed action check stays diagnosable.
  const failedRun = failedRecord({ benchmark, model: 'model-failed', keys: ['33_2', 'db'] });
  failedRun.task = passedRun.task;
  failedRun.checkpoints = failedRun.checkpoints!.map((c) => ({ ...c, in_reward_basis: c.id === 'db' }));
  const [passedId, failedId] = await seedRecords([passedRun, failedRun]);

  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId(`queue-row-${failedId}`)).toBeVisible();
  await expect(page.getByTestId(`queue-row-${passedId}`)).toHaveCount(0);

  await page.getByLabel('Informational checks').selectOption('include');
  await expect(page).toHaveURL(/informational=include/);
  await expect(page.getByTestId(`queue-row-${passedId}`)).toBeVisible();
  await expect(page.getByTestId(`queue-row-${failedId}`)).toBeVisible();

  // The run's page says why it passed and marks the failed check as informational.
  await page.goto(`/trajectories/${passedId}`);
  await expect(page.getByTestId('trajectory-outcome-explanation')).toHaveText(
    "Passed: reward 1.0 on DB + COMMUNICATE; the failed `33_2` check is informational (outside this task's reward basis: did not count)",
  );
  await expect(page.getByTestId('checkpoint-33_2-informational')).toBeVisible();
  await expect(page.getByTestId('informational-note')).toContainText("outside this task's reward basis: did not count");
});

test('from the workspace, s skips the item with a reason and a flags an evaluator / task artefact, by keyboard', async ({
  page,
}) => {
  const benchmark = bench('skip-artefact');
  const taskId = `airline/33-${randomBytes(3).toString('hex')}`;
  const [first, second] = await seedRecords([
    failedRecord({ benchmark, taskId, model: 'model-a', keys: ['33_2', 'db'] }),
    failedRecord({ benchmark, taskId, model: 'model-b', keys: ['33_2', 'db'] }),
  ]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId(`queue-row-${first}`)).toBeVisible();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(new RegExp(`/trajectories/${first}`));

  // s: a small dialog for an optional reason; Enter skips, and the next item opens.
  const skip = page.getByTestId('skip-dialog');
  await openWithKey(page, 's', skip);
  await page.keyboard.type('needs the fare rules first');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/trajectories/${second}`));
  const skipped = await prisma.queueSkip.findFirstOrThrow({ where: { trajectoryId: first } });
  expect(skipped.reason).toBe('needs the fare rules first');

  // a: not an agent failure. A reason is required; Enter sends it; nothing typed is lost on the way.
  const artefact = page.getByTestId('artefact-dialog');
  await openWithKey(page, 'a', artefact);
  await page.keyboard.press('Enter');
  await expect(artefact.getByRole('alert')).toHaveText('A reason is required.');
  const reason = '33_2 expects a search on 05-21 while the expected booking update is on 05-23';
  await page.keyboard.type(reason);
  await page.keyboard.press('Enter');
  // That was its only failed check: the item is done and "next" opens the one skipped earlier (last in my order).
  await expect(page).toHaveURL(new RegExp(`/trajectories/${first}`));
  const flagged = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: second } });
  expect(flagged).toMatchObject({ outcome: 'EVALUATOR_ARTEFACT', status: 'SUBMITTED', whatWentWrong: reason });

  // The task page lists the flagged check with its reason for whoever maintains the benchmark.
  const { taskId: internalTaskId } = await prisma.trajectory.findUniqueOrThrow({ where: { id: second } });
  await page.goto(`/tasks/${internalTaskId}`);
  const list = page.getByTestId('evaluator-artefacts');
  await expect(list).toContainText('33_2');
  await expect(list).toContainText(reason);
  await page.goto(`/trajectories/${second}`);
  await expect(page.getByTestId('checkpoint-33_2')).toContainText('flagged: evaluator / task');
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { seedRecords } from '../tests/helpers/failed-trajectories';
import { maxStepsRecord } from '../tests/helpers/run-level';
import { loginAs } from './helpers';
import { runOfflineReflection } from './reflection-helpers';

/**
 * Issue 39 item 1, end to end: a run cut off at max_steps after a long loop of the same tool call, with no
 * checkpoint results, is taken from the queue as a run-level item, diagnosed as a whole over the loop's
 * events, submitted, and reflected; the proposal's provenance names that diagnosis.
 */
test('a max_steps loop is diagnosed as a whole from the queue and reflected into a proposal that cites it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const benchmark = `e2e-run-level-${randomBytes(4).toString('hex')}`;
  // 100 looping search calls and their empty results: 201 events, like the real gpt-oss airline run (204).
  const [id] = await seedRecords([maxStepsRecord({ benchmark, loops: 100 })]);

  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}&kind=run-level`);
  await expect(page.getByTestId('queue-count-run-level')).toHaveText('1');
  await expect(page.getByTestId('queue-count-checkpoint')).toHaveText('0');
  await expect(page.getByTestId(`queue-row-${id}`).getByTestId('queue-run-level')).toContainText(
    'Stopped: reached the step limit (max_steps)',
  );
  // "n" takes the item (pressed until the hydrated page answers it).
  await expect(async () => {
    await page.keyboard.press('n');
    await expect(page).toHaveURL(new RegExp(`/trajectories/${id}`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await expect(page.getByTestId('trajectory-termination')).toHaveText(
    'Stopped: reached the step limit (max_steps) after 201 events',
  );
  await expect(page.getByText('none of its checkpoint results failed')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Diagnose the run as a whole' })).toBeVisible();
  await expect(page.getByTestId('checkpoint-run')).toHaveAttribute('aria-current', 'true');

  // The loop: events #1–#20 (click, then Shift+j extends the range by keyboard).
  await expect(async () => {
    await page.getByTestId('event-1').click();
    await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  for (let i = 0; i < 19; i++) await page.keyboard.press('Shift+J');
  await expect(page.getByTestId('diagnosis-range')).toHaveText('events #1–#20');
  await page.keyboard.press('d');
  const form = page.getByRole('form', { name: 'Diagnosis of whole run' });
  await expect(form.getByLabel('Failure category')).toBeFocused();
  await page.keyboard.press('2');
  await expect(form.getByLabel('What went wrong')).toBeFocused();
  const wrong = 'Searched direct flights with the same arguments after every empty result until the step limit.';
  await form.getByLabel('What went wrong').fill(wrong);
  await form
    .getByLabel('What should have happened')
    .fill('After an empty search, search one-stop flights or tell the user that none exist.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await form.getByLabel('What should have happened').press('Control+Enter');
  // Nothing else in this benchmark: "submit & next" lands on the queue's "done".
  await page.waitForURL(/\/queue\?.*done=1/);
  const diagnosis = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: id } });
  expect(diagnosis).toMatchObject({
    status: 'SUBMITTED',
    runTrajectoryId: id,
    checkpointResultId: null,
    eventStart: 1,
    eventEnd: 20,
    whatWentWrong: wrong,
  });
  expect((await prisma.trajectory.findUniqueOrThrow({ where: { id } })).pendingCount).toBe(0);

  // A reviewer (own browser context) reflects on the task (offline provider, the default here).
  const { taskId } = await prisma.trajectory.findUniqueOrThrow({ where: { id }, select: { taskId: true } });
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await loginAs(reviewer, 'reviewer@demo.local');
  const { runId } = await runOfflineReflection(reviewer, taskId);
  const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId, status: 'PENDING' } });
  await reviewer.goto(`/reviews/${proposal.id}`);
  const cited = reviewer.getByTestId('prov-diagnosis');
  await expect(cited).toHaveCount(1);
  await expect(cited.getByTestId('prov-run-level')).toHaveText('the run as a whole');
  await expect(cited).toContainText(wrong);
  // The link lands on the diagnosis itself (its id in the link), on the run as a whole.
  await expect(cited.getByTestId('prov-event')).toHaveAttribute(
    'href',
    new RegExp(`^/trajectories/${id}\\?event=1&checkpoint=run%3A${id}&diagnosis=\\w+$`),
  );
  await reviewerContext.close();
});

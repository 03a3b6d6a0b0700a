import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { setOverlap } from '@/lib/queue/overlap';
import { seedRecords } from '../tests/helpers/failed-trajectories';
import { maxStepsRecord } from '../tests/helpers/run-level';
import { loginAs } from './helpers';

/** Takes the benchmark's run-level item from the queue and diagnoses the run as a whole over events from…to. */
async function diagnoseRun(
  page: Page,
  benchmark: string,
  id: string,
  d: { from: number; to: number; categoryKey: string; wrong: string; should: string },
) {
  await page.goto(`/queue?benchmark=${benchmark}&kind=run-level`);
  await expect(page.getByTestId('queue-count-run-level')).toHaveText('1');
  // "n" takes the item (pressed until the hydrated page answers it; not again once it did, where "n" would move
  // on from the item just taken).
  await expect(async () => {
    if (!page.url().includes('/trajectories/')) await page.keyboard.press('n');
    await expect(page).toHaveURL(new RegExp(`/trajectories/${id}`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('checkpoint-run')).toHaveAttribute('aria-current', 'true');
  // The first event by click, then by keyboard: j moves the cursor down (the timeline renders the rows in view
  // only), Shift+J extends the range.
  await expect(async () => {
    await page.getByTestId('event-1').click();
    await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  for (let i = 1; i < d.from; i++) await page.keyboard.press('j');
  await expect(page.getByTestId(`event-${d.from}`)).toHaveAttribute('data-cursor', 'true');
  for (let i = d.from; i < d.to; i++) await page.keyboard.press('Shift+J');
  await expect(page.getByTestId('diagnosis-range')).toHaveText(`events #${d.from}–#${d.to}`);
  await page.keyboard.press('d');
  const form = page.getByRole('form', { name: 'Diagnosis of whole run' });
  await expect(form.getByLabel('Failure category')).toBeFocused();
  await page.keyboard.press(d.categoryKey);
  await expect(form.getByLabel('What went wrong')).toBeFocused();
  await form.getByLabel('What went wrong').fill(d.wrong);
  await form.getByLabel('What should have happened').fill(d.should);
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await form.getByLabel('What should have happened').press('Control+Enter');
  await page.waitForURL(/\/queue\?.*done=1/);
}

/**
 * Issue 39: a run diagnosed as a whole takes part in agreement like a checkpoint. Under overlap k = 2 two
 * annotators diagnose the same max_steps loop differently (category and range); the reviewer finds the run in
 * the disagreements list, named as the run as a whole, and adjudicates it by picking one diagnosis.
 */

/** The list page's size (components/agreement/disagreements-list.tsx): the API's default is larger. */
const LIST_PAGE_SIZE = 20;

/**
 * The /agreement link of the list page holding the disagreement that mentions `text`: the list is oldest first, and
 * the suite's other specs add disagreements of their own, so ours need not be on the first page.
 */
async function pageHolding(page: Page, status: 'open' | 'adjudicated', text: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const body = (await (
      await page.request.get(`/api/agreement/disagreements?status=${status}&page=${n}&pageSize=${LIST_PAGE_SIZE}`)
    ).json()) as {
      items: unknown[];
      pageCount: number;
    };
    if (JSON.stringify(body.items).includes(text) || n >= body.pageCount)
      return `/agreement?status=${status}&page=${n}`;
  }
}

test('two annotators diagnose a max_steps run differently, and a reviewer adjudicates it from the disagreements list', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const benchmark = `e2e-run-adj-${randomBytes(4).toString('hex')}`;
  const [id] = await seedRecords([maxStepsRecord({ benchmark, loops: 10 })]);
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.local' } });
  await setOverlap(
    { userId: admin.id, name: admin.name, email: admin.email, role: 'ADMIN', via: 'session' },
    {
      benchmark,
      k: 2,
    },
  );

  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [a, b, reviewer] = await Promise.all(contexts.map((c) => c.newPage()));
  await Promise.all([
    loginAs(a, 'annotator@demo.local'),
    loginAs(b, 'annotator2@demo.local'),
    loginAs(reviewer, 'reviewer@demo.local'),
  ]);
  const wrongA = `A: repeated the same direct-flight search ${randomBytes(3).toString('hex')}`;
  await diagnoseRun(a, benchmark, id, {
    from: 1,
    to: 4,
    categoryKey: '1',
    wrong: wrongA,
    should: 'After an empty result, search one-stop flights.',
  });
  await diagnoseRun(b, benchmark, id, {
    from: 9,
    to: 12,
    categoryKey: '2',
    wrong: 'B: never told the user that no direct flight exists.',
    should: 'Tell the user no direct flight exists and offer one-stop flights.',
  });
  const bDiagnosis = await prisma.diagnosis.findFirstOrThrow({
    where: { runTrajectoryId: id, status: 'SUBMITTED', author: { email: 'annotator2@demo.local' } },
  });

  const item = reviewer.getByTestId('disagreement').filter({ hasText: wrongA });
  // Other specs adjudicate theirs meanwhile, which moves ours to an earlier page: look again until it is shown.
  await expect(async () => {
    await reviewer.goto(await pageHolding(reviewer, 'open', wrongA));
    await expect(item).toContainText('The run as a whole', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(item).toContainText('disagree on category and range');
  await expect(item.getByRole('link', { name: /The run as a whole/ })).toHaveAttribute(
    'href',
    `/trajectories/${id}?checkpoint=run%3A${id}`,
  );
  await expect(item.getByRole('article', { name: 'Diagnosis by Ana Annotator' })).toContainText('events 1–4');
  await expect(item.getByRole('article', { name: 'Diagnosis by Ari Annotator' })).toContainText('events 9–12');
  await item.getByRole('button', { name: "Use Ari Annotator's diagnosis" }).click();
  // Settled, it leaves "To adjudicate" and is listed under "Adjudicated" with the pick.
  await expect(item).toHaveCount(0);
  const settled = reviewer.getByTestId('disagreement').filter({ hasText: wrongA });
  await expect(async () => {
    await reviewer.goto(await pageHolding(reviewer, 'adjudicated', wrongA));
    await expect(settled.getByTestId('adjudication')).toContainText('Tell the user no direct flight exists', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(reviewer.getByRole('tab', { name: 'Adjudicated' })).toHaveAttribute('aria-selected', 'true');
  await expect(settled.getByRole('button', { name: 'Chosen' })).toBeVisible();
  expect(await prisma.adjudication.findUniqueOrThrow({ where: { runTrajectoryId: id } })).toMatchObject({
    checkpointResultId: null,
    chosenDiagnosisId: bDiagnosis.id,
    eventStart: 9,
    eventEnd: 12,
  });
  for (const c of contexts) await c.close();
});

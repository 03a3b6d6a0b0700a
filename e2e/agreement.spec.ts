import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

const bench = () => `e2e-agree-${randomBytes(4).toString('hex')}`;

async function diagnose(
  page: Page,
  email: string,
  benchmark: string,
  trajectoryId: string,
  text: { wrong: string; should: string; category: string; from: number; to: number },
  { pendingAfter }: { pendingAfter: number },
) {
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId('queue-total')).toHaveText('1');
  await page.getByTestId('queue-next').click();
  await page.waitForURL(new RegExp(`/trajectories/${trajectoryId}`));
  await page.getByTestId(`event-${text.from}`).click();
  await page.getByTestId(`event-${text.to}`).click({ modifiers: ['Shift'] });
  await page.keyboard.press('d');
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await form.getByLabel('What went wrong').fill(text.wrong);
  // Options read "N · label" (N is the 1–9 shortcut), so pick by the label inside the option text.
  const category = form.getByLabel('Failure category');
  await category.selectOption((await category.locator('option', { hasText: text.category }).getAttribute('value'))!);
  await form.getByLabel('What should have happened').fill(text.should);
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await form.getByLabel('What should have happened').press('Control+Enter');
  await expect
    .poll(() => prisma.diagnosis.count({ where: { trajectoryId, status: 'SUBMITTED', author: { email } } }))
    .toBe(1);
  // The checkpoint's diagnoses still wanted after this one (overlap k counts them down).
  await expect
    .poll(async () => (await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).pendingCount)
    .toBe(pendingAfter);
}

test.setTimeout(240_000);

test('under overlap k = 2 two annotators diagnose the same checkpoint blind, a reviewer adjudicates, and the agreement page shows the figures', async ({
  browser,
}) => {
  const benchmark = bench();
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, events: 10 })]);
  const ctx = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [admin, a, b] = await Promise.all(ctx.map((c) => c.newPage()));

  // The admin sets k = 2 for this benchmark.
  await loginAs(admin, 'admin@demo.local');
  await admin.goto('/admin/overlap');
  const form = admin.getByRole('form', { name: 'Set overlap' });
  await form.getByLabel('Benchmark').selectOption(benchmark);
  await form.getByLabel('Annotators per failed checkpoint (k)').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin.getByRole('table', { name: 'Overlap settings' }).getByRole('row', { name: new RegExp(benchmark) }),
  ).toContainText('2');

  // Annotator A diagnoses first.
  await Promise.all([loginAs(a, 'annotator@demo.local'), loginAs(b, 'annotator2@demo.local')]);
  const secretA = `A thinks the agent skipped the fare rules ${randomBytes(3).toString('hex')}`;
  await diagnose(
    a,
    'annotator@demo.local',
    benchmark,
    trajectoryId,
    {
      wrong: secretA,
      should: 'Read the fare rules before changing the flight.',
      category: 'Wrong tool or arguments',
      from: 1,
      to: 2,
    },
    { pendingAfter: 1 },
  );
  // Done for A: the item left A's queue, but it stays in B's.
  await a.goto(`/queue?benchmark=${benchmark}`);
  await expect(a.getByTestId('queue-total')).toHaveText('0');

  // B's queue row names the checkpoint and that it has one of its two diagnoses.
  await b.goto(`/queue?benchmark=${benchmark}`);
  await expect(b.getByTestId(`queue-row-${trajectoryId}`).getByTestId('queue-checkpoints')).toHaveText(
    'cp_0 (1 of 2 diagnosed)',
  );

  // B opens the trajectory: A's text is nowhere, neither on the page nor in the API.
  await b.goto(`/trajectories/${trajectoryId}`);
  await expect(b.getByRole('form', { name: 'Diagnosis of cp_0' })).toBeVisible();
  await expect(b.getByText(secretA)).toHaveCount(0);
  const api = await b.request.get(`/api/trajectories/${trajectoryId}/diagnoses`);
  expect(await api.text()).not.toContain(secretA);
  await diagnose(
    b,
    'annotator2@demo.local',
    benchmark,
    trajectoryId,
    {
      wrong: 'B: the agent guessed the date instead of asking.',
      should: 'Ask the user which date they want.',
      category: 'Acted on an ambiguous request instead of asking',
      from: 5,
      to: 6,
    },
    { pendingAfter: 0 },
  );
  // After submitting, B may see A's diagnosis.
  expect(await (await b.request.get(`/api/trajectories/${trajectoryId}/diagnoses`)).text()).toContain(secretA);

  // The reviewer sees the figures and the disagreement, and adjudicates by writing the diagnosis.
  const reviewerCtx = await browser.newContext();
  ctx.push(reviewerCtx);
  const reviewer = await reviewerCtx.newPage();
  await loginAs(reviewer, 'reviewer@demo.local');
  await reviewer.goto('/agreement');
  const panel = reviewer.getByTestId('agreement-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Category: Krippendorff's α")).toBeVisible();
  await expect(reviewer.getByRole('table', { name: 'Agreement per annotator pair' })).toContainText(
    'Ana Annotator × Ari Annotator',
  );
  const item = reviewer.getByTestId('disagreement').filter({ hasText: secretA });
  await expect(item).toContainText('disagree on category and range');
  await item.getByRole('button', { name: 'Write the adjudicated diagnosis…' }).click();
  const adj = item.getByRole('form', { name: 'Adjudicated diagnosis' });
  await adj.getByLabel('Category').selectOption({ label: 'Acted on an ambiguous request instead of asking' });
  await adj.getByLabel('What should have happened').fill('Ask for the date, then read the fare rules before changing.');
  await adj.getByRole('button', { name: 'Save adjudication' }).click();
  // Saved, it leaves "To adjudicate". (Wait for that before the next click: the page was scrolled down to the
  // form, and the list shrinking under it scrolls the page, which moved the tabs under a click in flight.)
  await expect(item).toHaveCount(0);
  await reviewer.getByRole('tab', { name: 'Adjudicated' }).click();
  await expect(reviewer.getByRole('tab', { name: 'Adjudicated' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    reviewer.getByTestId('disagreement').filter({ hasText: secretA }).getByTestId('adjudication'),
  ).toContainText('Ask for the date, then read the fare rules');
  const row = await prisma.adjudication.findFirstOrThrow({ where: { checkpointResult: { trajectoryId } } });
  expect(row.whatShouldHaveHappened).toBe('Ask for the date, then read the fare rules before changing.');
  await reviewer.screenshot({ path: 'test-results/agreement-page.png', fullPage: true });

  // The dashboard shows the same figures for this benchmark: one checkpoint, one annotator pair.
  await reviewer.goto(`/dashboard?benchmark=${benchmark}`);
  const onDashboard = reviewer.getByTestId('dashboard-agreement');
  await expect(onDashboard.getByText("Category: Krippendorff's α")).toBeVisible();
  await expect(onDashboard.getByText('Checkpoints and runs (n)').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '1',
  );
  await expect(onDashboard.getByRole('table', { name: 'Agreement per annotator pair' })).toContainText(
    'Ana Annotator × Ari Annotator',
  );
  await onDashboard.screenshot({ path: 'test-results/agreement-dashboard.png' });
  for (const c of ctx) await c.close();
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { appendCardVersion } from '@/lib/cards/append-version';
import { prisma } from '@/lib/db/prisma';
import { loginAs, pressShortcut } from './helpers';
import {
  createCard,
  createPatchProposal,
  importDiagnosedMailTask,
  ownAbility,
  patchedPaginate,
} from './review-helpers';

/** Opens a proposal as the reviewer and waits until its page follows the live stream. */
async function openProposal(page: Page, id: string) {
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${id}`);
  await expect(page.getByTestId('proposal-review')).toHaveAttribute('data-live', 'true');
}

/** Ada Admin rejects the proposal through the API, in her own browser session. */
async function adminRejects(browser: Browser, id: string, reason: string) {
  const ctx = await browser.newContext();
  try {
    const admin = await ctx.newPage();
    await loginAs(admin, 'admin@demo.local');
    const res = await admin.request.post(`/api/proposals/${id}/reject`, { data: { reason } });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await ctx.close();
  }
}

test('an open proposal page shows live that someone else rejected it, by whom, and keeps the reason being typed', async ({
  page,
  browser,
}) => {
  const { proposal: p } = await createPatchProposal();
  await openProposal(page, p.id);
  await pressShortcut(page, 'r', page.locator('#decision-text'));
  await page.locator('#decision-text').fill('My own reason, half written');

  await adminRejects(browser, p.id, 'Rejected by the admin first');
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'REJECTED');
  const notice = page.getByTestId('decided-elsewhere');
  await expect(notice).toContainText('Rejected by Ada Admin');
  await expect(notice).toContainText('Rejected by the admin first');
  await expect(notice.getByTestId('unsent-draft')).toHaveValue('My own reason, half written');
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
});

test('a decision refused with 409 says who decided what and when, and keeps the reviewer’s text', async ({
  page,
  browser,
}) => {
  const { proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  // No live stream and a stopped clock: the page learns of the other decision only from the 409.
  await page.route('**/api/live?**', (route) => route.abort());
  await page.clock.install();
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'r', page.locator('#decision-text'));
  await page.locator('#decision-text').fill('Not backed by the diagnoses');
  await adminRejects(browser, p.id, 'Duplicate of another card');

  const refused = page.waitForResponse((r) => r.url().endsWith(`/api/proposals/${p.id}/reject`));
  await page.keyboard.press('Control+Enter');
  expect((await refused).status()).toBe(409);
  const notice = page.getByTestId('decided-elsewhere');
  await expect(notice).toContainText('Your rejection was not recorded');
  await expect(notice).toContainText('Rejected by Ada Admin');
  await expect(notice).toContainText('Duplicate of another card');
  await expect(notice.getByTestId('decided-at')).not.toBeEmpty();
  await expect(notice.getByTestId('unsent-draft')).toHaveValue('Not backed by the diagnoses');
});

test('"Re-curate" on a stale proposal follows the run to its end and shows the outcome without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ability = ownAbility();
  const { taskId } = await importDiagnosedMailTask(ability);
  const card = await createCard(ability);
  await loginAs(page, 'reviewer@demo.local');
  const res = await page.request.post('/api/reflection/runs', { data: { taskId, settings: { provider: 'offline' } } });
  expect(res.ok(), await res.text()).toBe(true);
  const { run } = (await res.json()) as { run: { id: string } };
  await expect
    .poll(async () => (await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).status, {
      timeout: 60_000,
    })
    .toBe('SUCCEEDED');
  const stale = await prisma.proposal.findFirstOrThrow({
    where: { runId: run.id, operation: 'PATCH_CARD', status: 'PENDING' },
  });
  // The card moves on under the proposal (as another approval would): v2.
  await prisma.$transaction((tx) =>
    appendCardVersion(tx, {
      cardId: card.id,
      kind: 'SKILL',
      content: patchedPaginate('Moved on meanwhile'),
      parentVersionId: card.versionId,
      createdById: null,
    }),
  );

  await page.goto(`/reviews/${stale.id}`);
  await expect(page.getByTestId('proposal-review')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('stale-banner')).toBeVisible();
  await page.getByTestId('recurate').click();
  await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'SUPERSEDED');
  const outcome = page.getByTestId('recuration-outcome');
  await expect(outcome).toBeVisible();
  const made = await prisma.proposal.findFirst({ where: { recuratedFromId: stale.id } });
  if (made && made.status !== 'NOOP')
    await expect(outcome.getByRole('link', { name: /new proposal/ })).toHaveAttribute('href', `/reviews/${made.id}`);
  else await expect(outcome).toContainText('nothing to change');
  await expect(page.getByTestId('recurate')).toHaveCount(0);
  await expect(page.getByTestId('stale-banner')).toHaveCount(0);
});

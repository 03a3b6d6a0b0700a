import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';
import { createPatchProposal } from './review-helpers';

test('the audit page shows the approval a reviewer just made, filtered, and its link opens the proposal', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { card, proposal } = await createPatchProposal({ reason: 'audit e2e' });

  // The reviewer approves in the UI.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await loginAs(reviewer, 'reviewer@demo.local');
  await reviewer.goto(`/reviews/${proposal.id}`);
  await reviewer.getByRole('button', { name: 'Approve a' }).click();
  await reviewer.locator('#decision-text').fill('Retry rule holds across tasks');
  await reviewer.getByTestId('confirm-decision').click();
  await expect(reviewer.getByTestId('applied')).toContainText(`${card.key} v2`);
  await reviewerContext.close();

  // An admin finds it in the audit log through the filters.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin@demo.local');
  await admin.goto('/admin/audit');
  const filters = admin.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Actor').selectOption({ label: 'Rey Reviewer' });
  await filters.getByLabel('Action').selectOption('proposal.approve');
  await filters.getByLabel('From').fill(new Date().toISOString().slice(0, 10));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(admin).toHaveURL(/[?&]action=proposal\.approve(&|$)/);

  const rows = admin.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  // Every row the filter left is a reviewer's approval.
  for (const text of await rows.allInnerTexts())
    expect(text).toMatch(/Rey Reviewer[\s\S]*proposal\.approve[\s\S]*Proposal/);
  const entry = rows.filter({ hasText: proposal.id });
  await expect(entry).toHaveCount(1);
  await entry.getByText('Before / after').click();
  await expect(entry).toContainText('"status": "APPROVED"');
  await expect(entry).toContainText('Retry rule holds across tasks');
  await admin.screenshot({ path: test.info().outputPath('audit-filtered.png'), fullPage: true });

  // Its link opens the approved proposal.
  await entry.getByRole('link', { name: proposal.id }).click();
  await expect(admin).toHaveURL(new RegExp(`/reviews/${proposal.id}$`));
  await expect(admin.getByTestId('proposal-status')).toHaveAttribute('data-status', 'APPROVED');
  await adminContext.close();
});

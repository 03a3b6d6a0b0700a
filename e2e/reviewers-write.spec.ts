import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '@/lib/auth/password';
import { prisma } from '@/lib/db/prisma';
import { REVIEW_SETTING } from '@/lib/review/review-settings';
import { loginAs, logOut, pressShortcut } from './helpers';
import { createPatchProposal, importDiagnosedMailTask, ownAbility } from './review-helpers';

// Words no reflection input has: measured for traceability they were refused before reviewers could write.
const OWN_TRIGGER = 'Several result pages exist and the newest message could sit on any of them';
const OWN_RECOVERY = 'Whenever paging stalls midway, restart enumeration from cursor zero, tallying duplicates';

async function rewriteAndApprove(page: Page, proposalId: string) {
  await page.goto(`/reviews/${proposalId}`);
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  const editor = page.getByTestId('card-editor');
  await editor.locator('textarea[name="applies_when"]').fill(OWN_TRIGGER);
  const recovery = editor.locator('textarea[name="skill.recovery"]');
  await recovery.fill(`${await recovery.inputValue()}\n${OWN_RECOVERY}`);
  await expect(page.getByTestId('edit-section')).toContainText('The edited card passes validation.');
  await page.getByTestId('confirm-decision').click();
}

test('a reviewer rewrites a card (applies_when included) in their own words, approves it, and the version names them', async ({
  page,
}) => {
  const { proposal, card } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await rewriteAndApprove(page, proposal.id);
  await expect(page.getByTestId('applied')).toContainText(`${card.key} v2`);

  await page.getByTestId('applied').getByRole('link').click();
  const provenance = page.getByTestId('version-provenance');
  await expect(provenance).toContainText('Provenance of v2');
  await expect(provenance.getByTestId('prov-words')).toContainText('Rey Reviewer wrote');
  await expect(provenance.getByTestId('prov-words')).toContainText('applies_when');
  await expect(provenance.getByTestId('prov-words')).toContainText('skill.recovery');
  await expect(page.getByText(OWN_TRIGGER).first()).toBeVisible();
});

test('a reviewer writes a card by hand from a task; it goes through review and its version names them as the author', async ({
  page,
}) => {
  const ability = ownAbility();
  const { taskId } = await importDiagnosedMailTask(ability);
  // Letters only: a hex suffix reads as an id ("a000") or an amount ("9aed") to the privacy check one run in four.
  const title = `Walk every mailbox page ${Array.from(randomBytes(5), (b) => String.fromCharCode(103 + (b % 20))).join('')}`;
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/tasks/${taskId}`);
  await page.getByTestId('write-card-link').click();
  const form = page.getByTestId('write-card-form');
  await expect(form.locator('textarea[name="title"]')).toBeFocused();
  // A private detail is refused under its field, and the text typed stays.
  await form.locator('textarea[name="title"]').fill(title);
  await form.locator('textarea[name="applies_when"]').fill('The mailbox search answers with more than one page');
  await form.locator('textarea[name="solves"]').fill('Ask ops.lead@example.com which message is newest');
  await form.locator('textarea[name="tags"]').fill('pagination\nmailbox\nnewest');
  await form
    .locator('textarea[name="skill.core_rule"]')
    .fill('Walk through every result page before naming the newest');
  await page.getByTestId('send-written-card').click();
  await expect(form).toContainText(/privacy: .*e-?mail/i);
  await expect(form.locator('textarea[name="title"]')).toHaveValue(title);

  await form.locator('textarea[name="solves"]').fill('Answering with an older message than the newest match');
  await page.getByTestId('send-written-card').click();
  await expect(page).toHaveURL(/\/reviews\/(?!new)[^/?]+$/);
  await expect(page.getByTestId('proposal-review')).toContainText('written by hand by Rey Reviewer');
  await pressShortcut(page, 'a', page.locator('#decision-text'));
  await page.getByTestId('confirm-decision').click();
  await expect(page.getByTestId('applied')).toContainText('v1');

  await page.getByTestId('applied').getByRole('link').click();
  await expect(page.getByTestId('version-provenance').getByTestId('prov-words')).toContainText(
    'written by hand by Rey Reviewer',
  );
  await expect(page.getByTestId('version-provenance').getByTestId('prov-written-from')).toBeVisible();
});

test('with the second-reviewer policy on, the first approval waits, its approver may not apply it, and a second reviewer does', async ({
  browser,
  page,
}) => {
  const { proposal, card } = await createPatchProposal();
  const email = `e2e-second-${randomBytes(3).toString('hex')}@test.local`;
  await prisma.user.create({
    data: { email, name: 'Sam Second', role: 'REVIEWER', passwordHash: await hashPassword('second-password') },
  });
  try {
    // Scoped to this test's own bank, so specs running alongside approve as before.
    await loginAs(page, 'admin@demo.local');
    await page.goto('/admin/review');
    await page.getByTestId('second-reviewer-setting').check();
    await page.getByTestId('second-reviewer-banks').fill(proposal.ability!);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('review-settings-status')).toHaveText(
      `Saved: a second reviewer is required in ${proposal.ability}.`,
    );

    await logOut(page);
    await loginAs(page, 'reviewer@demo.local');
    await page.goto(`/reviews/${proposal.id}`);
    await pressShortcut(page, 'e', page.getByTestId('card-editor'));
    await expect(page.getByTestId('waits-for-second')).toBeVisible();
    await rewriteAndApprove(page, proposal.id);
    await expect(page.getByTestId('awaiting-second')).toContainText('Approved by Rey Reviewer');
    await expect(page.getByTestId('awaiting-second')).toContainText('awaiting a second reviewer');
    await expect(page.getByTestId('applied')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Approve/ }).first()).toBeDisabled();
    await expect(page.getByTestId('approve-blocked')).toContainText('a second, different reviewer must approve it');
    expect(await prisma.cardVersion.count({ where: { cardId: card.id } })).toBe(1);

    const ctx = await browser.newContext();
    const second = await ctx.newPage();
    try {
      await loginAs(second, email, 'second-password');
      await second.goto(`/reviews/${proposal.id}`);
      await expect(second.getByTestId('first-approver-edits')).toContainText(OWN_RECOVERY);
      await pressShortcut(second, 'a', second.locator('#decision-text'));
      await second.getByTestId('confirm-decision').click();
      await expect(second.getByTestId('applied')).toContainText(`${card.key} v2`);
      await second.getByTestId('applied').getByRole('link').click();
      const provenance = second.getByTestId('version-provenance');
      await expect(provenance.getByTestId('prov-words')).toContainText('Rey Reviewer wrote');
      await expect(provenance.getByTestId('prov-review')).toContainText('approved by Sam Second');
    } finally {
      await ctx.close();
    }
  } finally {
    await prisma.setting.deleteMany({ where: { key: REVIEW_SETTING } });
  }
});

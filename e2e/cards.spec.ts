import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';
import { createPatchProposal } from './review-helpers';

test('a researcher browses the bank: per-bank counts and size, filters, search, and a card page with runtime text and provenance', async ({
  page,
}) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/cards');
  const tiles = page.getByTestId('bank-tile');
  await expect(tiles.filter({ hasText: 'Function cards (global)' })).toContainText(/\d+ active · [\d.]+ KB/);
  await expect(tiles.filter({ hasText: 'Skills · travel' })).toBeVisible();
  await tiles.filter({ hasText: 'Skills · travel' }).click();
  await expect(page).toHaveURL(/ability=travel/);
  await expect(page.locator('tr[data-card-key]')).toHaveCount(2);
  await page.getByLabel('Search').fill('leg');
  await page.getByLabel('Search').press('Enter');
  await expect(page.locator('tr[data-card-key]')).toHaveCount(1);
  // Keyboard: the selected row opens with Enter.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cards\/skill%3A%3Askill_e5b0c8|\/cards\/skill::skill_e5b0c8/);
  await expect(page.getByTestId('runtime-text')).toContainText('Name the leg when cancelling part of a trip');
  await expect(page.getByTestId('version-provenance').getByTestId('prov-proposal')).toBeVisible();
});

test('a reviewer diffs two versions, rolls back with a note (a new version), and retires and reactivates the card', async ({
  page,
}) => {
  const { card, proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  const res = await page.request.post(`/api/proposals/${p.id}/approve`, { data: { note: 'ok' } });
  expect(res.status()).toBe(200);
  expect((await res.json()).cardVersions[0].number).toBe(2);

  await page.goto(`/cards/${encodeURIComponent(card.key)}`);
  await expect(page.getByTestId('current-version')).toHaveText('v2');
  await page.getByRole('button', { name: 'Show diff' }).click();
  await expect(
    page.getByTestId('version-diff').locator('[data-field="skill.recovery"] [data-item-status="added"]'),
  ).toContainText('request it again');

  const actions = page.getByTestId('card-actions');
  await actions.getByRole('button', { name: 'Restore as a new version' }).click();
  await expect(actions.getByRole('alert')).toContainText('Write a note first.');
  await actions.getByLabel(/Note/).fill('The recovery step was not needed');
  await actions.getByRole('button', { name: 'Restore as a new version' }).click();
  await expect(page.getByTestId('current-version')).toHaveText('v3');
  await expect(page.locator('tr[data-version="3"]')).toContainText('rollback to v1: The recovery step was not needed');
  await expect(page.getByTestId('version-provenance')).toContainText('restores v1');
  await page.getByTestId('version-history').screenshot({ path: test.info().outputPath('version-history.png') });

  await actions.getByLabel(/Note/).fill('Retired for the test');
  await actions.getByRole('button', { name: 'Retire card' }).click();
  await expect(page.getByTestId('card-status')).toHaveText('retired');
  await actions.getByLabel(/Note/).fill('Back again');
  await actions.getByRole('button', { name: 'Reactivate card' }).click();
  await expect(page.getByTestId('card-status')).toHaveText('active');
  // The notes live on the card page too, newest first, not only in the audit log.
  const history = page.getByTestId('status-history').getByTestId('status-change');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(/Reactivated by .+ — Back again/);
  await expect(history.nth(1)).toContainText(/Retired by .+ — Retired for the test/);
});

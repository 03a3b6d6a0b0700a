import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('an admin creates an API token that expires, sees it listed with its role and expiry, and revokes it', async ({
  page,
}, info) => {
  const name = `e2e token ${randomBytes(3).toString('hex')}`;
  await loginAs(page, 'admin@demo.local');
  await page.goto('/admin/tokens');
  const form = page.getByRole('form', { name: 'New API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Acts as role').selectOption('REVIEWER');
  await form.getByLabel('Expires after').selectOption({ label: '7 days' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByTestId('new-token')).not.toBeEmpty();

  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('reviewer');
  await expect(row).toContainText('never');
  // The list says until when it works (it showed no expiry at all).
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(row).toContainText(`expires ${expires}`);
  await page.screenshot({ path: info.outputPath('tokens.png'), fullPage: true });
  // Revoking asks first: Cancel leaves the token as it was.
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  const confirm = row.getByRole('group', { name: 'Confirm: Revoke' });
  await expect(confirm).toContainText(`Revoke "${name}"?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).not.toContainText('revoked');
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await row.getByRole('button', { name: 'Revoke token' }).click();
  await expect(row).toContainText(/revoked \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  await page.goto('/admin/overlap');
  await expect(page.getByRole('form', { name: 'Set overlap' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('overlap.png'), fullPage: true });
});

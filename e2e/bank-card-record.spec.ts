import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

// The demo's rounds (lib/seed/demo-rounds.ts): demo-r2 broke mail/1 with cards a1f0c3 and c3e4a7;
// a1f0c3 also fixed mail/2 and mail/3 (helped 2, hurt 1), c3e4a7 was only in mail/1 (helped 0, hurt 1).
const REGRESSING = 'skill::skill_c3e4a7';
const HELPFUL = 'skill::skill_a1f0c3';

test('the bank sorted by hurt and filtered to "hurt more than helped" shows the regressing card', async ({ page }) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/cards');
  const bank = page.getByRole('region', { name: 'Card bank' });
  await expect(bank.locator(`tr[data-card-key="${HELPFUL}"]`)).toBeVisible();

  await bank.getByRole('button', { name: 'Hurt', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=hurt/);
  await expect(bank.getByRole('button', { name: /^Hurt ↓$/ })).toHaveAttribute('aria-pressed', 'true');
  await bank.getByLabel('Record').selectOption('hurt-more');
  await expect(page).toHaveURL(/[?&]record=hurt-more/);

  const first = bank.locator('tbody tr').first();
  await expect(first).toHaveAttribute('data-card-key', REGRESSING);
  await expect(first.getByTestId('card-hurt')).toHaveText('1');
  await expect(first.getByTestId('card-helped')).toHaveText('0');
  // A card that helped more than it hurt is not in the filtered bank.
  await expect(bank.locator(`tr[data-card-key="${HELPFUL}"]`)).toHaveCount(0);

  // The record's pairs are on the card page.
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/cards\/skill(%3A%3A|::)skill_c3e4a7/);
});

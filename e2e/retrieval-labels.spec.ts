import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test('a reviewer labels two preview results relevant and sees the retrieval quality numbers move', async ({ page }) => {
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/retrieval');
  // A query of its own (labels are stored per task text), about two cards of the demo mail bank.
  const task = `Archive every message in the inbox except the flagged ones (${randomBytes(3).toString('hex')})`;
  await page.getByLabel('Task text').fill(task);
  await page.getByLabel('Apps (comma-separated)').fill('mail');
  await page.getByLabel('Ability (bank)').fill('mail');
  await page.getByRole('combobox', { name: /^Bank\b/ }).selectOption('current');
  await page.getByRole('button', { name: 'Preview retrieval' }).click();

  const skills = page.getByRole('table', { name: 'Skill cards' });
  await expect(skills.getByRole('columnheader', { name: 'By field' })).toBeVisible();
  const rows = skills.locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  await expect(rows.first()).toContainText(/title \d/);

  const panel = page.getByRole('region', { name: 'Retrieval quality' });
  await expect(panel).toContainText('Retrieval quality of the live bank');
  await expect(panel.getByRole('status')).toHaveCount(0);
  const skillFigures = panel.getByTestId('quality-skill');
  const before = (await skillFigures.count()) ? await skillFigures.innerText() : '';

  const relevant = (row: number) => rows.nth(row).getByRole('button', { name: 'Relevant', exact: true });
  await relevant(0).click();
  await expect(relevant(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(skillFigures).toBeVisible();
  await expect(skillFigures).not.toHaveText(before);
  const afterOne = await skillFigures.innerText();

  await relevant(1).click();
  await expect(relevant(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(skillFigures).not.toHaveText(afterOne);

  // Stored: a fresh preview of the same query shows both judgements.
  await page.getByRole('button', { name: 'Preview retrieval' }).click();
  await expect(relevant(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(relevant(1)).toHaveAttribute('aria-pressed', 'true');

  // Without apps, the function cards come from the mail bank's apps, and the preview says so.
  await page.getByLabel('Apps (comma-separated)').fill('');
  await page.getByRole('button', { name: 'Preview retrieval' }).click();
  await expect(page.getByTestId('function-scope-note')).toContainText(
    'No app given: function cards from the apps of the "mail" bank',
  );
});

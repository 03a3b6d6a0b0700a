import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, pickDemoTask } from './helpers';

/**
 * The screenshots in the user guides (docs/*-guide.md) come from this spec, so
 * they show the console as it is built now: re-run it after a UI change and
 * commit the PNGs it writes. It reads the demo workspace only (nothing is
 * claimed or decided), so the pictures do not depend on the order specs run in.
 */

const OUT = 'docs/images';

test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => mkdir(OUT, { recursive: true }));

async function shoot(page: Page, name: string) {
  // Charts and lists settle after hydration; a picture taken mid-spinner would document a loading state.
  await expect(page.getByText(/^loading/i)).toHaveCount(0);
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

test('annotator: the queue and the diagnosis workspace', async ({ page }) => {
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/queue');
  const firstRow = page.locator('[data-testid^="queue-row-"]').first();
  await expect(firstRow).toBeVisible();
  await shoot(page, 'annotator-queue');

  await firstRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/trajectories\//);
  await expect(page.getByTestId(/^event-\d+$/).first()).toBeVisible();
  await shoot(page, 'annotator-workspace');
});

test('reviewer: the inbox and a proposal', async ({ page }) => {
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/reviews');
  const rows = page.locator('[data-proposal-id]');
  await expect(rows.first()).toBeVisible();
  await shoot(page, 'reviewer-inbox');

  // A proposal a reviewer can act on (the demo also holds a stale and an invalid one).
  await rows
    .filter({ hasNotText: /invalid|stale/i })
    .first()
    .locator('a[href^="/reviews/"]')
    .first()
    .click();
  await expect(page).toHaveURL(/\/reviews\/[^/?]+/);
  await expect(page.getByTestId('validation')).toBeVisible();
  await shoot(page, 'reviewer-proposal');
});

test('researcher: the dashboard, the retrieval preview and the releases', async ({ page }) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  await shoot(page, 'researcher-dashboard');

  await page.goto('/retrieval');
  // A task no demo card was learned from, so the picture shows the ranking rather than a leakage warning.
  await pickDemoTask(page, 'mail/3');
  await page.getByRole('button', { name: 'Preview retrieval' }).click();
  await expect(page.getByTestId('task-start-block-tokens')).toBeVisible();
  await shoot(page, 'researcher-retrieval');

  await page.goto('/releases');
  await expect(page.getByRole('form', { name: 'Freeze a release' })).toBeVisible();
  await shoot(page, 'researcher-releases');
});

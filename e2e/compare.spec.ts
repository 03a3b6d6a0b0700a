import { expect, test } from '@playwright/test';
import { loginAs, logOut } from './helpers';

// The demo workspace's two rounds (lib/seed/demo-rounds.ts): demo-r2 broke mail/1 with cards a1f0c3 and c3e4a7.
const CARD_KEY = 'skill::skill_a1f0c3';

test('choose two arms, read the regression, open its two runs, and see the card record on the card page and in the inbox', async ({
  page,
}) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/compare');
  const chooser = page.getByTestId('arms-chooser');
  await chooser.getByLabel('Arm A (before)').fill('demo-r1');
  await chooser.getByLabel('Arm B (after)').fill('demo-r2');
  await chooser.getByLabel('Benchmark').fill('demo-suite');
  await chooser.getByLabel('Arm B (after)').press('Enter');
  // The choice is in the URL.
  await expect(page).toHaveURL(/[?&]a=demo-r1&b=demo-r2&benchmark=demo-suite/);

  const report = page.getByTestId('compare-report');
  await expect(report.getByText('McNemar exact p')).toBeVisible();
  const regressions = page.getByTestId('regressions');
  await expect(regressions.getByTestId('flip')).toHaveCount(1);
  const flip = regressions.getByTestId('flip').first();
  await expect(flip).toContainText('pass→fail');
  await expect(flip).toContainText('mail/1');
  await expect(flip.getByRole('list', { name: 'Cards injected into the later run' })).toContainText(
    'rendered at task start, before the failing step',
  );
  await expect(page.getByTestId('flip-chart')).toBeVisible();

  await flip.getByTestId('open-pair').click();
  await expect(page).toHaveURL(/\/tasks\/[^?]+\?runs=/);
  await expect(page.getByTestId('selected-runs-note')).toContainText('Showing 2 chosen runs');

  // A bad arm is named, beside the form that holds it.
  await page.goto('/compare?a=demo-r1&b=modle%3Dx');
  await expect(page.getByTestId('compare-error')).toContainText('Arm b: "modle=x" is not one of');

  await page.goto(`/cards/${encodeURIComponent(CARD_KEY)}`);
  const record = page.getByTestId('card-record-panel');
  await expect(record).toContainText('helped 2 · hurt 1');
  await expect(record).toContainText('mail/1');

  // The reviewer deciding on that card sees the same record beside its PATCH proposal.
  await logOut(page);
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/reviews?status=all&operation=PATCH_CARD');
  await expect(page.getByTestId('card-record-badge').first()).toBeVisible();
  await expect(page.getByTestId('card-record-badge').filter({ hasText: 'helped 2 · hurt 1' }).first()).toBeVisible();
});

test('the dashboard headline counts the newest release’s regressions and links to the comparison', async ({ page }) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/dashboard');
  const headline = page.getByTestId('regression-headline');
  await expect(headline).toContainText(/newest round/);
  await headline.getByRole('link', { name: 'Open the comparison' }).click();
  await expect(page).toHaveURL(/\/compare\?a=/);
  await expect(page.getByTestId('compare-report').or(page.getByText('No run of one arm has a partner'))).toBeVisible();
});

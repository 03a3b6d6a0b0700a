import { expect, test } from '@playwright/test';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { loginAs, pressShortcut } from './helpers';
import { createPatchProposal } from './review-helpers';

const TITLE = DEMO_SKILL_CARDS[0].versions[0].title;

test('the decision bar sticks below the site header, so its buttons stay clickable after scrolling in edit mode', async ({
  page,
}) => {
  const { proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const headerBottom = await page
    .locator('header')
    .first()
    .evaluate((h) => h.getBoundingClientRect().bottom);
  const bar = page.getByTestId('decision-panel');
  await expect.poll(async () => (await bar.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom - 0.5);
  // What is under the Cancel button's centre is the button itself, not the header.
  const cancel = bar.getByRole('button', { name: 'Cancel' });
  const onTop = await cancel.evaluate((b) => {
    const r = b.getBoundingClientRect();
    return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(onTop, 'the Cancel button is not covered by the header').toBe(true);
  await cancel.click();
  await expect(page.getByTestId('card-editor')).toHaveCount(0);
});

test('e moves focus into the edit form’s first field, as a and r focus their text box', async ({ page }) => {
  const { proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  await expect(page.getByTestId('card-editor').locator('textarea').first()).toBeFocused();
});

test('a cleared title reads "Title: required" in the edit form, not the schema library’s wording', async ({ page }) => {
  const { proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${p.id}`);
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  await page.getByTestId('card-editor').locator('textarea[name="title"]').fill('');
  const editor = page.getByTestId('card-editor');
  await expect(editor.getByText('Title: required')).toBeVisible();
  await expect(page.getByTestId('edit-section')).not.toContainText('Too small');
  await expect(page.getByTestId('edit-section')).not.toContainText('expected string');
});

test('"Approve & next" shows that it is sending, then the next proposal says what was approved; "Reject & next" likewise', async ({
  page,
}) => {
  const [first, second] = [await createPatchProposal(), await createPatchProposal()];
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${first.proposal.id}`);
  await pressShortcut(page, 'a', page.locator('#decision-text'));
  // The approval is held until the busy state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/proposals/${first.proposal.id}/approve`, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Control+Enter');
  const panel = page.getByTestId('decision-panel');
  await expect(panel.getByRole('status').filter({ hasText: 'Approving…' })).toBeVisible();
  await expect(panel).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page).not.toHaveURL(new RegExp(first.proposal.id));
  await expect(page.getByTestId('review-notice')).toHaveText(`Approved “${TITLE}” as ${first.card.key} v2`);

  await page.goto(`/reviews/${second.proposal.id}`);
  await expect(page.getByTestId('review-notice')).toHaveCount(0);
  await pressShortcut(page, 'r', page.locator('#decision-text'));
  await page.locator('#decision-text').fill('Duplicate of the approved one');
  await page.keyboard.press('Control+Enter');
  await expect(page).not.toHaveURL(new RegExp(second.proposal.id));
  await expect(page.getByTestId('review-notice')).toHaveText(`Rejected “${TITLE}”`);
});

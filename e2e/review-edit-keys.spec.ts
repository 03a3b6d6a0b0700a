import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { loginAs, pressShortcut } from './helpers';
import { createPatchProposal } from './review-helpers';

const TITLE = DEMO_SKILL_CARDS[0].versions[0].title;

test('e, typing in the title and Ctrl+Enter at once approve the card with every keystroke typed', async ({ page }) => {
  const { card, proposal: p } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${p.id}`);
  // Checks are held until the typing is done, so the whole edit happens while the form says it is checking.
  const held: (() => void)[] = [];
  await page.route('**/validate', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  // The title is the form's first field (the stored content starts with the tags).
  const title = page.getByTestId('card-editor').locator('textarea[name="title"]');
  await expect(title).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' twice');
  await expect(title).toHaveValue(`${TITLE} twice`);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('decision-panel').getByTestId('edit-blocked')).toHaveText(
    'Checking the edited card… it will be approved if it passes.',
  );

  const approval = page.waitForResponse((r) => r.url().endsWith(`/api/proposals/${p.id}/approve`));
  await expect(async () => {
    for (const answer of held.splice(0)) answer();
    expect(await prisma.proposal.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ status: 'APPROVED' });
  }).toPass();
  expect((await approval).status()).toBe(200);
  const latest = await prisma.cardVersion.findFirstOrThrow({ where: { cardId: card.id }, orderBy: { number: 'desc' } });
  // It used to approve the text as it was when the form opened (the key handler kept that render's card).
  expect((latest.content as { title: string }).title).toBe(`${TITLE} twice`);
});

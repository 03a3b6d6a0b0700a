import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';
import { createCard, ownAbility } from './review-helpers';

test('a NOOP proposal says no change is proposed and why, links the near-duplicate card, and shows no empty diff', async ({
  page,
}) => {
  const ability = ownAbility();
  const card = await createCard(ability);
  const p = await prisma.proposal.create({
    data: {
      cardKind: 'SKILL',
      ability,
      operation: 'NOOP',
      targetCardId: card.id,
      reason: `Near-duplicate of ${card.key} (BM25 similarity 1.00)`,
      status: 'NOOP',
    },
  });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/reviews/${p.id}`);
  const noop = page.getByTestId('noop');
  await expect(noop).toContainText(`No change proposed: Near-duplicate of ${card.key}`);
  await expect(noop.getByTestId('noop-similarity')).toContainText('1.00');
  await expect(page.getByTestId('changes')).toHaveCount(0);
  await noop.getByTestId('noop-card').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/cards/(${encodeURIComponent(card.key)}|${card.key})$`));
  await expect(page.getByTestId('current-version')).toHaveText('v1');
});

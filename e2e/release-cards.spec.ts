import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { loginAs } from './helpers';
import { createCard, ownAbility } from './review-helpers';

const RLO = '\u202E';

test("a release's cards show a page at a time, searchable, with imported titles' bidi controls as markers", async ({
  page,
}) => {
  const ability = ownAbility();
  const word = `tessel${randomBytes(3).toString('hex')}`;
  const base = DEMO_SKILL_CARDS[0].versions[0];
  for (let i = 0; i < 55; i++)
    await createCard(ability, { ...base, title: `Release card ${word} ${String(i).padStart(2, '0')}` });
  await createCard(ability, { ...base, title: `Spoofed ${word} ${RLO}eltit` });
  await loginAs(page, 'researcher@demo.local');
  const name = `cards-${randomBytes(3).toString('hex')}`;
  // Other tests may leave held-out leaks in the bank: the override note keeps this freeze independent of them.
  const frozen = await page.request.post('/api/releases', {
    data: { name, note: 'paging', overrideNote: 'e2e: leaks of other tests are not checked here' },
  });
  expect(frozen.status()).toBe(200);

  await page.goto(`/releases/${name}`);
  const table = page.getByRole('table', { name: 'Release cards' });
  // The whole bank is in the release, but the page shows one page of it (it used to render every card).
  await expect(table.locator('tbody tr')).toHaveCount(50);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page 1 of \d+/);

  await page.getByLabel('Search cards').fill(word);
  await page.getByLabel('Search cards').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1 of 2 · 56 cards');
  await expect(table.locator('tbody tr')).toHaveCount(50);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Page 2 of 2');
  await expect(table.locator('tbody tr')).toHaveCount(6);

  await page.getByLabel('Search cards').fill(`Spoofed ${word}`);
  await page.getByLabel('Search cards').press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const link = table.getByRole('link', { name: new RegExp(`Spoofed ${word}`) });
  await expect(link).toContainText('⟨U+202E⟩');
  expect(await link.evaluate((el) => (el as HTMLElement).innerText.includes('\u202E'))).toBe(false);
  await link.click();
  await expect(page).toHaveURL(/\/cards\/skill/);
});

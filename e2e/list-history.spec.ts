import { expect, test, type Page } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';
import { createOwnRun, createRunProposal, seedFinishedRuns } from './list-helpers';
import { createCard, ownAbility } from './review-helpers';

// The runs list, the review inbox and the card bank keep their filters and page in the URL, like the
// queue: each change is a history entry (Back undoes it, Forward redoes it), and a reload or a shared
// link shows the same filtered list. Every test filters to data of its own.
test.afterAll(() => disconnectDatabase());

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('runs list: status and page changes are history entries, Back and Forward step through them, a reload keeps them', async ({
  page,
}) => {
  const taskId = await seedFinishedRuns('e2e-history', 27, { lastFailed: true });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/runs?taskId=${taskId}`);
  const rows = page.locator('tr[data-run-id]');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  const status = page.getByRole('group', { name: 'Filter by status' });
  await expect(pager).toContainText('Page 1 of 2');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  expect(query(page)).toMatchObject({ taskId, page: '2' });
  await page.goBack();
  await expect(pager).toContainText('Page 1 of 2');
  expect(query(page)).toEqual({ taskId });

  await status.getByRole('button', { name: 'Failed' }).click();
  await expect.poll(() => query(page)).toEqual({ taskId, status: 'FAILED' });
  await expect(rows).toHaveCount(1);
  await status.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => query(page)).toEqual({ taskId, status: 'SUCCEEDED' });
  await expect(pager).toContainText('Page 1 of 2 · 26 runs');

  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ taskId, status: 'FAILED' });
  await expect(status.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ taskId });
  await expect(status.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pager).toContainText('27 runs');
  await page.goForward();
  await expect(status.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  expect(query(page)).toEqual({ taskId, status: 'FAILED' });
  await expect(status.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(1);
});

test('review inbox: a status or a typed filter is a history entry Back undoes; a reload keeps the filters', async ({
  page,
}) => {
  const { task, run } = await createOwnRun('e2e-history', 'history');
  await createRunProposal(run.id, 'History pending', { reason: 'e2e history', status: 'PENDING' });
  await createRunProposal(run.id, 'History rejected', { reason: 'e2e history', status: 'REJECTED' });
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/reviews');
  const rows = page.locator('tr[data-proposal-id]');
  const taskField = page.getByLabel('Task');

  // Typed, no Enter: it applies after a pause, as its own history entry.
  await taskField.fill(task.id);
  await expect.poll(() => query(page)).toEqual({ taskId: task.id });
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Status').selectOption('all');
  await expect.poll(() => query(page)).toEqual({ taskId: task.id, status: 'all' });
  await expect(rows).toHaveCount(2);

  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ taskId: task.id });
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect.poll(() => query(page)).toEqual({});
  await expect(taskField).toHaveValue('');
  await page.goForward();
  await page.goForward();
  await expect.poll(() => query(page)).toEqual({ taskId: task.id, status: 'all' });
  await expect(rows).toHaveCount(2);

  await page.reload();
  await expect(taskField).toHaveValue(task.id);
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(rows).toHaveCount(2);
});

test('card bank: a status or a search is a history entry Back undoes; a reload keeps the filters', async ({ page }) => {
  const ability = ownAbility();
  const kept = await createCard(ability);
  const retired = await createCard(ability);
  await prisma.card.update({ where: { id: retired.id }, data: { status: 'RETIRED' } });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/cards?ability=${ability}`);
  const rows = page.locator('tr[data-card-key]');
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Status').selectOption('all');
  await expect.poll(() => query(page)).toEqual({ ability, status: 'all' });
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search').fill(retired.key);
  await page.getByLabel('Search').press('Enter');
  await expect.poll(() => query(page)).toEqual({ ability, status: 'all', q: retired.key });
  await expect(rows).toHaveCount(1);
  await expect(page.locator(`tr[data-card-key="${retired.key}"]`)).toBeVisible();

  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ ability, status: 'all' });
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await expect.poll(() => query(page)).toEqual({ ability });
  await expect(page.getByLabel('Status')).toHaveValue('ACTIVE');
  await expect(rows).toHaveCount(1);
  await expect(page.locator(`tr[data-card-key="${kept.key}"]`)).toBeVisible();

  await page.goForward();
  await expect.poll(() => query(page)).toEqual({ ability, status: 'all' });
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(rows).toHaveCount(2);
});

test('review inbox: each filter option counts what the other filters leave, so "Any" still counts every kind while one is chosen', async ({
  page,
}) => {
  const { task, run } = await createOwnRun('e2e-history', 'facets');
  await createRunProposal(run.id, 'Facet valid', { reason: 'e2e facets', valid: true });
  await createRunProposal(run.id, 'Facet invalid', { reason: 'e2e facets', valid: false });
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews?taskId=${task.id}&kind=FUNCTION&valid=true`);
  await expect(page.locator('tr[data-proposal-id]')).toHaveCount(0);
  const options = (label: string) => page.getByLabel(label).locator('option');
  // Kind is set to Function (none): "Any" counts both skills' kinds under the validity filter → 1.
  await expect(options('Card kind')).toHaveText(['Any (1)', 'Skill (1)', 'Function (0)']);
  // Validity is set to valid: its own options count under the kind filter only (Function → 0 each).
  await expect(options('Validity')).toHaveText(['Any', 'Valid (0)', 'Invalid (0)']);
  await page.getByLabel('Card kind').selectOption('');
  await expect(options('Validity')).toHaveText(['Any', 'Valid (1)', 'Invalid (1)']);
  await expect(options('Staleness')).toHaveText(['Any', 'Stale (0)', 'Current (1)']);
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { disagreements } from '../tests/helpers/disagreement';
import { loginAs } from './helpers';
import { seedFinishedRuns } from './list-helpers';

// A link to a page past the end of a list (an old link, a list that got shorter) says so and offers the
// last page, on the client-paged lists (Pager) and the link-paged ones (LinkPager) alike; "no match" and
// "nothing yet" stay for lists that have no rows. After a step the focus is at the top of the list.
test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');

test('runs list: a page past the end is not "no match"; its button shows the last page, in the URL, with the focus at the top of the list', async ({
  page,
}) => {
  const taskId = await seedFinishedRuns('e2e-edges', 27);
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/runs?taskId=${taskId}&page=9999`);
  const notice = page.getByTestId('past-end');
  await expect(notice).toHaveText(
    'Page 9,999 is past the end of this list: it has 27 runs, on 2 pages. Go to the last page (2)',
  );
  await expect(page.getByText('No run matches this filter')).toHaveCount(0);

  await notice.getByRole('button', { name: 'Go to the last page (2)' }).click();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 2 of 2 · 27 runs');
  await expect(page.locator('tr[data-run-id]')).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(page.getByRole('region', { name: /^Runs/ })).toBeFocused();

  // Previous from the bottom of the page: the focus and the view go to the top of the list, Back returns to page 2.
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(page.getByRole('region', { name: /^Runs/ })).toBeFocused();
  await page.goBack();
  await expect(pager).toContainText('Page 2 of 2');

  // A filter that matches nothing is still "no match", not "past the end".
  await page.goto(`/runs?taskId=${taskId}&status=CANCELLED&page=3`);
  await expect(page.getByText('No run matches this filter')).toBeVisible();
  await expect(page.getByTestId('past-end')).toHaveCount(0);
});

test('task list: a page past the end offers the last page by number; the link leads there with the focus on the list', async ({
  page,
}) => {
  const benchmark = `e2e-edges-${hex()}`;
  await prisma.task.createMany({
    data: ['a/1', 'a/2', 'a/3', 'a/4', 'a/5'].map((externalId) => ({
      benchmark,
      externalId,
      instruction: `Edge ${externalId}`,
      apps: [],
      contentHash: hex(),
    })),
  });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/tasks?benchmark=${benchmark}&pageSize=2&page=50`);
  const notice = page.getByTestId('past-end');
  await expect(notice).toHaveText(
    'Page 50 is past the end of this list: it has 5 tasks, on 3 pages. Go to the last page (3)',
  );
  await notice.getByRole('link', { name: 'Go to the last page (3)' }).click();
  await expect(page.locator('[data-testid^="task-row-"]')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Task pages' })).toContainText('5 tasks · page 3 of 3');
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeFocused();
});

// 21 open disagreements of their own (20 a page): however many other specs add, there is a page 2.
let seededDisagreements: ReturnType<typeof disagreements> | undefined;

test('disagreements: the status tab and the page are in the URL, so Back from a trajectory returns to the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await (seededDisagreements ??= disagreements(21));
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/agreement');
  const list = page.getByRole('region', { name: 'Disagreements' });
  const pager = list.getByRole('navigation', { name: 'Pages' });
  const tab = (name: string) => list.getByRole('tab', { name });
  await expect(pager).toContainText(/Page 1 of \d+/);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(/Page 2 of \d+/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ page: '2' });
  await list.getByTestId('disagreement').first().getByRole('link').first().click();
  await page.waitForURL(/\/trajectories\//);
  await page.goBack();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(tab('To adjudicate')).toHaveAttribute('aria-selected', 'true');

  // A tab is a history entry too, and starts at page 1; Back returns to the tab and page before.
  await tab('All').click();
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: 'all' });
  await expect(tab('All')).toHaveAttribute('aria-selected', 'true');
  await expect(pager).toContainText(/Page 1 of \d+/);
  await page.goBack();
  await expect(tab('To adjudicate')).toHaveAttribute('aria-selected', 'true');
  await expect(pager).toContainText(/Page 2 of \d+/);

  // A link names the list it shows.
  await page.goto('/agreement?status=all&page=2');
  await expect(tab('All')).toHaveAttribute('aria-selected', 'true');
  await expect(pager).toContainText(/Page 2 of \d+/);
});

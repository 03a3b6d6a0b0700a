import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test('the task list pages forward and back by cursor: Next twice, Previous once, each page its own rows', async ({
  page,
}, info) => {
  // A benchmark of this run only (the e2e database is shared), five tasks, two per page; one without an ability (listed last).
  const benchmark = `e2e-paging-${randomBytes(3).toString('hex')}`;
  for (const [externalId, ability] of [
    ['p/10', 'pay'],
    ['p/2', 'pay'],
    ['p/1', 'pay'],
    ['q/1', 'queue'],
    ['z/1', null],
  ] as const) {
    await prisma.task.create({
      data: {
        benchmark,
        externalId,
        ability,
        instruction: `Paging task ${externalId}`,
        apps: [],
        contentHash: randomBytes(8).toString('hex'),
      },
    });
  }
  const rows = page.locator('[data-testid^="task-row-"]');
  const expectRows = async (ids: string[]) => {
    await expect(rows).toHaveCount(ids.length);
    for (const [i, id] of ids.entries())
      await expect(rows.nth(i)).toHaveAttribute('data-testid', `task-row-${benchmark}-${id}`);
  };
  const pager = page.getByRole('navigation', { name: 'Task pages' });

  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/tasks?benchmark=${benchmark}&pageSize=2`);
  await expectRows(['p/1', 'p/2']);
  await expect(pager).toContainText('page 1 of 3');

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2&after=/);
  await expectRows(['p/10', 'q/1']);
  await expect(pager).toContainText('page 2 of 3');

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=3&after=/);
  await expectRows(['z/1']);
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);

  await pager.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/[?&]page=2&before=/);
  await expectRows(['p/10', 'q/1']);
  await expect(pager).toContainText('page 2 of 3');
  // The filters and page size travel with the cursor.
  await expect(page).toHaveURL(new RegExp(`benchmark=${benchmark}&pageSize=2&`));
  await page.screenshot({ path: info.outputPath('tasks-page-2.png'), fullPage: true });

  // A bare numbered link (typed or bookmarked) still opens that page.
  await page.goto(`/tasks?benchmark=${benchmark}&pageSize=2&page=3`);
  await expectRows(['z/1']);
  // Beyond the end (a list that got shorter since the link was made): say so and lead to the last page.
  await page.goto(`/tasks?benchmark=${benchmark}&pageSize=2&page=9`);
  await page.screenshot({ path: info.outputPath('tasks-beyond-end.png'), fullPage: true });
  await page.getByRole('link', { name: 'Go to the last page (3)' }).click();
  await expectRows(['z/1']);
});

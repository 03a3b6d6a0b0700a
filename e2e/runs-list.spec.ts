import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { DEMO_PASSWORD, loginAs } from './helpers';
import { seedFinishedRuns } from './list-helpers';

test.afterAll(() => disconnectDatabase());

test('the runs list pages newest first with Next and Previous, which carry a list position instead of an offset', async ({
  page,
}) => {
  // 30 finished runs of a task of their own, one second apart: two pages of 25.
  const taskId = await seedFinishedRuns('e2e-runs', 30);
  const newestFirst = (
    await prisma.reflectionRun.findMany({
      where: { taskId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    })
  ).map((r) => r.id);

  await loginAs(page, 'researcher@demo.local', DEMO_PASSWORD);
  await page.goto(`/runs?taskId=${taskId}`);
  const rows = page.locator('tr[data-run-id]');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toHaveAttribute('data-run-id', newestFirst[0]);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toHaveAttribute('data-run-id', newestFirst[25]);
  expect(new URL(page.url()).searchParams.get('after')).toBeTruthy();

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(rows.first()).toHaveAttribute('data-run-id', newestFirst[0]);
  await expect(rows.last()).toHaveAttribute('data-run-id', newestFirst[24]);
});

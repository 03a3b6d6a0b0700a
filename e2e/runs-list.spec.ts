import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { DEMO_PASSWORD, loginAs } from './helpers';

test.afterAll(() => disconnectDatabase());

test('the runs list pages newest first with Next and Previous, which carry a list position instead of an offset', async ({
  page,
}) => {
  // 30 finished runs of a task of their own, one second apart: two pages of 25.
  const task = await prisma.task.create({
    data: {
      benchmark: 'e2e-runs',
      externalId: `runs/${Date.now()}`,
      instruction: 'Paging runs',
      apps: [],
      contentHash: `runs-${Date.now()}`,
    },
  });
  const start = Date.parse('2026-06-01T12:00:00.000Z');
  await prisma.reflectionRun.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      taskId: task.id,
      provider: 'OFFLINE' as const,
      status: 'SUCCEEDED' as const,
      createdAt: new Date(start + i * 1000),
    })),
  });
  const newestFirst = (
    await prisma.reflectionRun.findMany({
      where: { taskId: task.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    })
  ).map((r) => r.id);

  await loginAs(page, 'researcher@demo.local', DEMO_PASSWORD);
  await page.goto(`/runs?taskId=${task.id}`);
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

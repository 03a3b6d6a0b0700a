import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test.afterAll(async () => {
  await disconnectDatabase();
});

// A detail page whose id names nothing answers 404 (so links checkers, scripts and the
// browser's history see a missing page) while still showing its own message in the console.
const missing = (
  [
    ['/tasks/no-such-task', 'Task not found', 'Back to all tasks'],
    ['/trajectories/no-such-trajectory', 'Trajectory not found', 'Back to all tasks'],
    ['/reviews/no-such-proposal', 'Proposal not found', 'Back to the inbox'],
    ['/cards/no-such-card', 'Card not found', 'Back to the bank'],
    ['/runs/no-such-run', 'Run not found', 'Back to all runs'],
    ['/releases/no-such-release', 'Release not found', 'Back to all releases'],
    ['/imports/no-such-import', 'Import not found', 'Back to all imports'],
  ] as const
).map(([path, heading, back]) => ({ path, heading, back }));

test('missing tasks, trajectories, proposals, cards, runs, releases and imports answer 404 with their own message in the console', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.local');
  const statuses: Record<string, number | undefined> = {};
  for (const m of missing) {
    statuses[m.path] = (await page.goto(m.path))?.status();
    await expect(page.getByRole('heading', { name: m.heading }), m.path).toBeVisible();
    await expect(page.getByRole('link', { name: m.back }), m.path).toBeVisible();
    // Still inside the console: the main navigation is there.
    await expect(page.getByRole('navigation', { name: 'Main' }), m.path).toBeVisible();
  }
  expect(statuses).toEqual(Object.fromEntries(missing.map((m) => [m.path, 404])));
});

test('a task that exists still opens (its 404 check runs before the loading skeleton)', async ({ page }) => {
  const task = await prisma.task.findUniqueOrThrow({
    where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/1' } },
  });
  await loginAs(page, 'researcher@demo.local');
  const res = await page.goto(`/tasks/${task.id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('checkpoint-grid')).toBeVisible();
});

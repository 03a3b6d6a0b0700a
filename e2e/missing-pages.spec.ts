import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test.afterAll(async () => {
  await disconnectDatabase();
});

// A detail page whose id names nothing answers 404 (so links checkers, scripts and the
// browser's history see a missing page) while still showing its own message in the console.
const missing = [
  { path: '/tasks/no-such-task', heading: 'Task not found', back: 'Back to all tasks' },
  { path: '/trajectories/no-such-trajectory', heading: 'Trajectory not found', back: 'Back to all tasks' },
  { path: '/reviews/no-such-proposal', heading: 'Proposal not found', back: 'Back to the inbox' },
  { path: '/cards/no-such-card', heading: 'Card not found', back: 'Back to the bank' },
  { path: '/runs/no-such-run', heading: 'Run not found', back: 'Back to all runs' },
  { path: '/releases/no-such-release', heading: 'Release not found', back: 'Back to all releases' },
  { path: '/imports/no-such-import', heading: 'Import not found', back: 'Back to all imports' },
];

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

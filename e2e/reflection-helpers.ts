import { expect, type Page } from '@playwright/test';
import { taskHref } from '@/lib/trajectories/event-link';

/**
 * Runs reflection from the task page's panel with the default (offline) provider and waits until the new
 * run is done: it appears and moves queued → running → done without a reload. Returns its id, its row and the panel.
 */
export async function runOfflineReflection(page: Page, taskId: string) {
  await page.goto(taskHref(taskId));
  const panel = page.getByRole('region', { name: 'Reflection' });
  await expect(panel.getByLabel('Provider / model')).toHaveValue('offline');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/reflection/runs') && r.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Run reflection' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  const runId: string = (await response.json()).run.id;
  const row = panel.locator(`[data-run-id="${runId}"]`);
  await expect(row.getByTestId('run-status')).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 45_000 });
  return { runId, row, panel };
}

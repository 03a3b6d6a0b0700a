import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { unscoredRecord } from '../tests/helpers/unscored-record';
import { loginAs, logOut } from './helpers';

/**
 * Issue 44 item 4, end to end: a run imported before its evaluation (no checkpoint results, passed as far as
 * the import knows) is not in the queue; its results are POSTed afterwards by a script with a token (no
 * browser session, as curl would), and it appears in the queue and is diagnosed.
 */
test('results POSTed after the import put the run in the queue, and an annotator diagnoses it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const benchmark = `e2e-later-${randomBytes(4).toString('hex')}`;
  const runId = `${benchmark}:run-1`;
  const record = unscoredRecord(benchmark, { id: runId });

  await loginAs(page, 'admin@demo.local');
  const created = await page.request.post('/api/admin/tokens', {
    data: { name: `e2e late results ${benchmark}`, role: 'RESEARCHER' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(200);
  const token: string = (await created.json()).token;

  // A script's requests: a fresh context without the browser's cookies, the token as the only credential.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const imported = await script.post(`/api/imports?fileName=${benchmark}.jsonl`, {
    data: JSON.stringify(record) + '\n',
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(imported.status()).toBe(200);
  expect((await imported.json()).reports[0]).toMatchObject({ importedCount: 1 });

  await logOut(page);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId('queue-count-checkpoint')).toHaveText('0');

  const results = {
    checkpoints: [
      { id: 'cp_0', passed: true, event_index: 1 },
      { id: 'cp_1', passed: false, note: 'flight unchanged', event_index: 3 },
    ],
  };
  const posted = await script.post(`/api/trajectories/${encodeURIComponent(runId)}/checkpoints`, { data: results });
  expect(posted.status()).toBe(200);
  expect(await posted.json()).toMatchObject({ outcome: { passed: false }, pendingCount: 1 });
  // Sent again (a retrying evaluator): nothing changes.
  const again = await script.post(`/api/trajectories/${encodeURIComponent(runId)}/checkpoints`, { data: results });
  expect((await again.json()).checkpoints.map((c: { status: string }) => c.status)).toEqual(['unchanged', 'unchanged']);
  await script.dispose();

  const { id } = await prisma.trajectory.findUniqueOrThrow({ where: { externalId: runId } });
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId('queue-count-checkpoint')).toHaveText('1');
  await expect(page.getByTestId(`queue-row-${id}`)).toContainText('cp_1');
  await expect(async () => {
    await page.keyboard.press('n');
    await expect(page).toHaveURL(new RegExp(`/trajectories/${id}`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await expect(async () => {
    await page.getByTestId('event-1').click();
    await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await expect(page.getByTestId('diagnosis-range')).toHaveText('events #1–#3');
  await page.keyboard.press('d');
  const form = page.getByRole('form', { name: 'Diagnosis of cp_1' });
  await expect(form.getByLabel('Failure category')).toBeFocused();
  await page.keyboard.press('2');
  const wrong = 'Said the flight was moved without calling the update tool.';
  await form.getByLabel('What went wrong').fill(wrong);
  await form.getByLabel('What should have happened').fill('Call update_reservation_flights, then confirm.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await form.getByLabel('What should have happened').press('Control+Enter');
  await page.waitForURL(/\/queue\?.*done=1/);
  const diagnosis = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: id } });
  expect(diagnosis).toMatchObject({ status: 'SUBMITTED', eventStart: 1, eventEnd: 3, whatWentWrong: wrong });
});

import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// Every test seeds its own trajectories under a unique benchmark and filters the
// queue by it: the e2e database is shared with the demo seed and other specs.
const bench = (what: string) => `e2e-${what}-${randomBytes(4).toString('hex')}`;

const trajectoryIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

test('an annotator takes next, navigates by keyboard, anchors a diagnosis to an event range, submits and lands on the next item; a parallel annotator never gets the same item', async ({
  browser,
}) => {
  const benchmark = bench('queue');
  const seeded = await seedRecords(Array.from({ length: 3 }, () => failedRecord({ benchmark, events: 12 })));
  const [ctxA, ctxB] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await ctxA.newPage(), await ctxB.newPage()];
  await Promise.all([loginAs(a, 'annotator@demo.local'), loginAs(b, 'annotator2@demo.local')]);
  await Promise.all([a.goto(`/queue?benchmark=${benchmark}`), b.goto(`/queue?benchmark=${benchmark}`)]);
  await expect(a.getByTestId('queue-total')).toHaveText('3');
  await expect(b.getByTestId('queue-total')).toHaveText('3');

  // Both press "next" at once.
  await Promise.all([a.getByTestId('queue-next').click(), b.getByTestId('queue-next').click()]);
  await Promise.all([a.waitForURL(/\/trajectories\/[^/?]+/), b.waitForURL(/\/trajectories\/[^/?]+/)]);
  const [firstA, firstB] = [trajectoryIdOf(a), trajectoryIdOf(b)];
  expect(seeded).toContain(firstA);
  expect(seeded).toContain(firstB);
  expect(firstA).not.toBe(firstB);

  // The item opens at its failed checkpoint's anchor (#1); j/j/j/k moves the cursor to #3; ? opens the shortcuts.
  await expect(a.getByTestId('event-1')).toHaveAttribute('data-highlighted', 'true');
  await expect(a.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  for (const key of ['j', 'j', 'j', 'k']) await a.keyboard.press(key);
  await expect(a.getByTestId('event-3')).toHaveAttribute('data-cursor', 'true');
  await expect(a.getByTestId('event-1')).not.toHaveAttribute('data-cursor', 'true');
  await a.keyboard.press('?');
  await expect(a.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(a.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();

  // Click + shift-click selects #3–#5; "d" anchors the diagnosis there.
  await a.getByTestId('event-3').click();
  await a.getByTestId('event-5').click({ modifiers: ['Shift'] });
  await expect(a.getByTestId('event-4')).toHaveAttribute('data-selected', 'true');
  // The selection is the diagnosis range; "d" goes to the first empty required field (the category), 2 picks one.
  await expect(a.getByTestId('diagnosis-range')).toHaveText('events #3–#5');
  await a.keyboard.press('d');
  const form = a.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByLabel('Failure category')).toBeFocused();
  await a.keyboard.press('2');
  await expect(form.getByLabel('Failure category').locator('option:checked')).toHaveText('2 · Wrong tool or arguments');
  await expect(form.getByLabel('What went wrong')).toBeFocused();
  await form.getByLabel('What went wrong').fill('Looked up the wrong reservation and never checked the fare rules.');
  await form
    .getByLabel('What should have happened')
    .fill('Look up R1 (the id the user gave) and compare fares before changing.');
  await expect(a.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  const draft = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: firstA } });
  expect(draft).toMatchObject({ status: 'DRAFT', eventStart: 3, eventEnd: 5 });

  await form.getByLabel('What should have happened').press('Control+Enter');
  await a.waitForURL((url) => !url.pathname.endsWith(firstA));
  const secondA = trajectoryIdOf(a);
  expect(seeded).toContain(secondA);
  expect([firstA, firstB]).not.toContain(secondA);
  const submitted = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: firstA } });
  expect(submitted).toMatchObject({ status: 'SUBMITTED', eventStart: 3, eventEnd: 5 });
  expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: firstA } })).pendingCount).toBe(0);
  // The next item keeps the queue's benchmark filter.
  expect(new URL(a.url()).searchParams.get('benchmark')).toBe(benchmark);

  // B, still holding their item, gets it again from "next" (the n key) — never A's.
  await b.goto(`/queue?benchmark=${benchmark}`);
  await expect(b.getByTestId('queue-total')).toHaveText('2');
  await b.keyboard.press('n');
  await b.waitForURL(/\/trajectories\//);
  expect(trajectoryIdOf(b)).toBe(firstB);
  await ctxA.close();
  await ctxB.close();
});

test('trajectory text with <script> and <img onerror> payloads renders as inert text', async ({ page }) => {
  const benchmark = bench('xss');
  const script = '<script>window.__pwned = "script"; alert(1)</script>';
  const img = '<img src=x onerror="window.__pwned = \'img\'; alert(2)">';
  const record = failedRecord({ benchmark, events: 6, content: (i) => `${script} ${img} #${i}` });
  record.task.instruction = `${script} ${img}`;
  record.checkpoints![0].note = img;
  record.events[1].arguments = { reservation_id: img };
  const [id] = await seedRecords([record]);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('task-instruction')).toHaveText(`${script} ${img}`);
  await expect(page.getByTestId('event-0')).toContainText(`${script} ${img} #0`);
  await expect(page.getByTestId('event-1')).toContainText('"reservation_id": "<img src=x onerror=');
  await expect(page.getByTestId('event-2')).toContainText(`${script} ${img} #2`);
  await page.getByTestId('event-2').getByRole('button', { name: 'Expand observation' }).click();
  await expect(page.getByTestId('event-2').locator('pre')).toHaveText(`${script} ${img} #2`);
  await expect(page.getByTestId('checkpoint-cp_0')).toContainText(img);
  expect(await page.locator('main img, main script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('opening a trajectory at a checkpoint scrolls to, highlights and selects its anchored event even far down a long timeline', async ({
  page,
}) => {
  const benchmark = bench('anchor');
  const record = failedRecord({ benchmark, events: 600, failed: 2 });
  record.checkpoints![0].event_index = 520;
  record.checkpoints![1].event_index = 30;
  const [id] = await seedRecords([record]);
  const cp = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId: id, passed: false, checkpoint: { key: 'cp_0' } },
  });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}?checkpoint=${cp.id}`);
  await expect(page.getByTestId('event-520')).toHaveAttribute('data-highlighted', 'true');
  await expect(page.getByTestId('event-520')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('event-520')).toContainText('environment');
  // The DOM holds a window of rows, not all 600.
  expect(await page.locator('[data-testid^="event-"]').count()).toBeLessThan(60);
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_0' })).toBeVisible();

  // ] and [ step between failed checkpoints, jumping the timeline to each anchor.
  await page.keyboard.press(']');
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_1' })).toBeVisible();
  await expect(page.getByTestId('event-30')).toHaveAttribute('data-highlighted', 'true');
  await page.keyboard.press('[');
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_0' })).toBeVisible();
  await expect(page.getByTestId('event-520')).toHaveAttribute('data-highlighted', 'true');
});

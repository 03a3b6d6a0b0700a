import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';
import { BOOKING_EVENT, DECISIVE_SENTENCE, seedTau2Workspace } from '../tests/helpers/tau2-workspace';
import { loginAs } from './helpers';

// Each test seeds its own τ²-bench-shaped task (own domain): the e2e database is shared.
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
// The workspace is one screen: the document itself does not scroll, only the timeline and the panel beside it.
const oneScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight);
const MESSAGE_EVENT = BOOKING_EVENT - 2;

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an annotator sees expected vs actual, reads the whole instruction, diagnoses by keyboard with refusals next to their fields, and is told where they are after submitting', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const w = await seedTau2Workspace();
      await loginAs(page, 'annotator@demo.local');
      await page.goto(`/queue?taskId=${encodeURIComponent(w.externalId)}`);
      // Same model as a passing run, another harness: the queue says which.
      await expect(page.getByTestId(`queue-row-${w.failingId}`).getByTestId('queue-run')).toHaveText(
        'tool_calling_agent · trial 0',
      );
      await page.getByTestId('queue-next').click();
      await page.waitForURL(new RegExp(`/trajectories/${w.failingId}`));
      await expect(page.getByTestId('trajectory-run')).toHaveText('tool_calling_agent · trial 0');
      await expect(page.getByTestId('trajectory-awaiting')).toHaveText('2');

      // The failed booking check shows what it expected, with the differing field first and highlighted.
      const form = page.getByRole('form', { name: 'Diagnosis of 900_1' });
      await expect(form).toBeVisible();
      const expectation = page.getByTestId('checkpoint-expectation');
      await expect(expectation.getByTestId('expected-differs')).toHaveText('Differs: total_baggages');
      const baggages = expectation.locator('[data-field="total_baggages"]');
      await expect(baggages).toHaveAttribute('data-changed', 'true');
      await expect(baggages.locator('del')).toHaveText('1');
      await expect(baggages.locator('ins')).toHaveText('0');
      await expect(baggages).toHaveClass(/bg-amber-50/);
      await expect(baggages).toBeInViewport();
      // …and not hidden under the pinned submit bar.
      const [fieldBox, footerBox] = [
        await baggages.boundingBox(),
        await page.getByTestId('diagnosis-footer').boundingBox(),
      ];
      expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(footerBox!.y);
      await expect(expectation.locator('[data-field="cabin"]')).toHaveAttribute('data-changed', 'false');

      // The form's submit is on screen without scrolling anything; the document does not scroll sideways.
      const submit = page.getByRole('button', { name: /^Submit & next/ });
      await expect(submit).toBeInViewport();
      expect(await noSideways(page)).toBe(true);
      expect(await oneScreen(page)).toBe(true);

      // The instruction is cut, and opens in place from the keyboard (the deciding sentence is last).
      const instruction = page.getByTestId('task-instruction');
      await expect(instruction).toHaveAttribute('data-expanded', 'false');
      expect(await instruction.evaluate((el) => el.scrollHeight > el.clientHeight + 1)).toBe(true);
      await page.getByRole('button', { name: 'Show the whole instruction' }).focus();
      await page.keyboard.press('Enter');
      await expect(instruction).toHaveAttribute('data-expanded', 'true');
      expect(await instruction.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await expect(instruction).toContainText(DECISIVE_SENTENCE);
      // The open instruction takes room from the timeline, not from the form: submit stays on screen.
      await expect(submit).toBeInViewport();
      expect(await oneScreen(page)).toBe(true);

      // One selection: the timeline and the form name the same events; Shift+J extends both.
      await expect(page.getByTestId('timeline-selection')).toHaveText(`Selected: event #${BOOKING_EVENT}`);
      await expect(form.getByTestId('diagnosis-range')).toHaveText(`event #${BOOKING_EVENT}`);
      await page.keyboard.press('Shift+J');
      await expect(form.getByTestId('diagnosis-range')).toHaveText(`events #${BOOKING_EVENT}–#${BOOKING_EVENT + 1}`);
      await expect(page.getByTestId('timeline-selection')).toHaveText(
        `Selected: events #${BOOKING_EVENT}–#${BOOKING_EVENT + 1} · cursor #${BOOKING_EVENT + 1}`,
      );
      await expect(page.getByTestId(`event-${BOOKING_EVENT + 1}`)).toHaveAttribute('data-selected', 'true');

      // Ctrl+Enter too early: each refusal once, next to its field, and focus on the first (the category).
      await page.keyboard.press('Control+Enter');
      const category = form.getByLabel('Failure category');
      await expect(category).toBeFocused();
      await expect(form.getByTestId('field-error-category')).toHaveText('Failure category: pick a failure category');
      await expect(form.getByTestId('field-error-category')).toBeInViewport();
      await expect(form.getByTestId('field-error-whatWentWrong')).toHaveText('What went wrong: say what went wrong');
      await expect(form.getByTestId('field-error-range')).toHaveCount(0);
      await expect(page.getByText('pick a failure category')).toHaveCount(1);
      await expect(page.getByTestId('diagnosis-refused')).toHaveText(
        'Not submitted: check Failure category, What went wrong, What should have happened.',
      );
      expect(await prisma.diagnosis.count({ where: { trajectoryId: w.failingId, status: 'SUBMITTED' } })).toBe(0);

      // 2 picks the second category and moves on to the next empty field.
      await expect(page.getByTestId('category-keys')).toBeVisible();
      await page.keyboard.press('2');
      await expect(category.locator('option:checked')).toHaveText('2 · Wrong tool or arguments');
      await expect(form.getByTestId('field-error-category')).toHaveCount(0);
      await expect(form.getByLabel('What went wrong')).toBeFocused();
      await page.keyboard.type('Booked with total_baggages 0 although the user wanted one checked bag.');
      await page.keyboard.press('Tab');
      await expect(form.getByLabel('What should have happened')).toBeFocused();
      await page.keyboard.type('Book with total_baggages 1, as the user asked.');
      await page.keyboard.press('Control+Enter');

      // Same URL, next checkpoint: the page says what happened and where the annotator is now.
      const notice = page.getByTestId('workspace-notice');
      await expect(notice).toHaveText('Submitted 900_1 · now: db, 1 of 2 left on this trajectory');
      await expect(notice).toBeInViewport();
      await expect(page.getByTestId('trajectory-awaiting')).toHaveText('1');
      const db = page.getByRole('form', { name: 'Diagnosis of db' });
      await expect(db).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`/trajectories/${w.failingId}`);
      // db anchors no event: it starts with none selected (900_1's range is not carried over unseen).
      await expect(db.getByTestId('diagnosis-range')).toHaveText('no events selected');
      await page.getByTestId(`event-${BOOKING_EVENT}`).click();
      await page.getByTestId(`event-${BOOKING_EVENT + 1}`).click({ modifiers: ['Shift'] });
      await expect(db.getByTestId('diagnosis-range')).toHaveText(`events #${BOOKING_EVENT}–#${BOOKING_EVENT + 1}`);
      const submitted = await prisma.diagnosis.findFirstOrThrow({
        where: { trajectoryId: w.failingId, status: 'SUBMITTED' },
        include: { category: true },
      });
      expect(submitted).toMatchObject({
        eventStart: BOOKING_EVENT,
        eventEnd: BOOKING_EVENT + 1,
        whatWentWrong: expect.stringContaining('total_baggages 0'),
      });
      expect(submitted.category?.key).toBe('wrong-tool-or-arguments');

      // c then 9 picks a category from anywhere; the draft (with its range) comes back after a reload, in both places.
      await page.keyboard.press('Escape');
      await page.keyboard.press('c');
      await expect(db.getByLabel('Failure category')).toBeFocused();
      await page.keyboard.press('9');
      await expect(db.getByLabel('Failure category').locator('option:checked')).toHaveText('9 · Other');
      await expect(db.getByLabel('What went wrong')).toBeFocused();
      await page.keyboard.type('The wrong booking left the database different.');
      await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
      await page.reload();
      await expect(page.getByRole('form', { name: 'Diagnosis of db' }).getByTestId('diagnosis-range')).toHaveText(
        `events #${BOOKING_EVENT}–#${BOOKING_EVENT + 1}`,
      );
      await expect(page.getByTestId('timeline-selection')).toHaveText(
        `Selected: events #${BOOKING_EVENT}–#${BOOKING_EVENT + 1} · cursor #${BOOKING_EVENT + 1}`,
      );
      await expect(page.getByTestId(`event-${BOOKING_EVENT}`)).toBeInViewport();
      // The instruction stays open: the choice is remembered.
      await expect(page.getByTestId('task-instruction')).toHaveAttribute('data-expanded', 'true');
    });

    test('the contrast view says which argument differs from the passing runs, and Jump to step brings the divergence row into the window', async ({
      page,
    }) => {
      const w = await seedTau2Workspace();
      await loginAs(page, 'reviewer@demo.local');
      await page.goto(`/tasks/${w.taskId}`);
      const details = page.getByTestId('divergence-details');
      await expect(details).toContainText('claude-opus-4-6 · tool_calling_agent · trial 0 at step 26');
      const field = details.locator('[data-field="total_baggages"]');
      await expect(field.locator('del')).toHaveText('1');
      await expect(field.locator('ins')).toHaveText('0');
      const row = page.getByTestId('divergence-row');
      await expect(row).toContainText('total_baggages=0');
      await expect(row).not.toBeInViewport();
      await page.getByRole('button', { name: 'Jump to step 26' }).click();
      await expect(row).toBeInViewport();
      expect(await noSideways(page)).toBe(true);
    });

    test('a contrast table wider than the window scrolls sideways inside its box, with a sticky first column; the document does not', async ({
      page,
    }) => {
      const w = await seedTau2Workspace({ morePassingRuns: 6 });
      await loginAs(page, 'reviewer@demo.local');
      await page.goto(`/tasks/${w.taskId}`);
      const table = page.getByTestId('aligned-steps');
      await expect(page.getByTestId('wide-scroll-hint').first()).toContainText('9 runs: scroll sideways for the rest');
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // Screen-reader-only labels inside the table must not widen the page either.
      expect(await noSideways(page)).toBe(true);
      const firstCell = table.locator('tbody tr').first().locator('th, td').first();
      const before = (await firstCell.boundingBox())!.x;
      await page.getByRole('button', { name: 'Scroll Aligned tool calls right' }).click();
      await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect((await firstCell.boundingBox())!.x).toBe(before);
      expect(await noSideways(page)).toBe(true);
    });
  });
}

test('messages render as markdown; markdown XSS payloads stay inert; ?event= opens at that event; raw shows the source', async ({
  page,
}) => {
  const w = await seedTau2Workspace();
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(trajectoryEventHref(w.failingId, MESSAGE_EVENT));
  const msg = page.getByTestId(`event-${MESSAGE_EVENT}`);
  await expect(msg).toHaveAttribute('data-selected', 'true');
  await expect(msg).toHaveAttribute('data-cursor', 'true');
  await expect(msg).toBeInViewport();

  await expect(msg.locator('strong', { hasText: 'Cabin:' })).toBeVisible();
  await expect(msg.locator('li')).toHaveCount(2);
  const policy = msg.getByRole('link', { name: 'the baggage policy' });
  await expect(policy).toHaveAttribute('href', 'https://example.com/bags');
  await expect(policy).toHaveAttribute('rel', 'noopener noreferrer');
  // javascript: links lose their URL; images are not loaded (alt text instead); inline HTML is literal text.
  await expect(msg.getByText('click me')).toBeVisible();
  await expect(msg.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await expect(page.locator('main a[href^="javascript"]')).toHaveCount(0);
  await expect(msg).toContainText('[image: tracker — not loaded]');
  await expect(msg).toContainText('<b onmouseover="window.__pwned=2">inline html</b>');
  await expect(msg).toContainText('<img src=x onerror="window.__pwned=3">');
  expect(await page.locator('main img, main script, main b').count()).toBe(0);
  await msg.getByText('click me').click();
  await msg.getByText('inline html', { exact: false }).hover();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(requests.filter((u) => u.includes('127.0.0.1:9/'))).toEqual([]);
  expect(dialogs).toEqual([]);

  await page.getByLabel('raw text').check();
  await expect(msg).toContainText('**Cabin:** economy');
  await expect(msg.locator('strong')).toHaveCount(0);
});

test('an unknown URL shows the console’s 404 with the navigation and a way back', async ({ page }) => {
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/queue');
  const res = await page.goto('/definitely/not/a/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Page not found');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' })).toBeVisible();
  await page.getByRole('button', { name: '← Go back' }).click();
  await expect(page).toHaveURL(/\/queue$/);
});

test('task filters apply at once and read like the queue’s; the task id search finds one task', async ({ page }) => {
  const w = await seedTau2Workspace();
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/tasks');
  const filters = page.getByRole('form', { name: 'Filter tasks' });
  await expect(filters.getByLabel('Benchmark').locator('option').first()).toHaveText('any');
  await expect(filters.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await filters.getByLabel('Task id').fill(w.externalId);
  await filters.getByLabel('Task id').press('Enter');
  await expect(page).toHaveURL(/taskId=/);
  expect(new URL(page.url()).searchParams.get('taskId')).toBe(w.externalId);
  await expect(page.locator('[data-testid^="task-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`task-row-tau2-bench-${w.externalId}`)).toBeVisible();
  await filters.getByLabel('Benchmark').selectOption('demo-suite');
  await expect(page).toHaveURL(/benchmark=demo-suite/);
  await expect(page.getByText('No task matches these filters')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('admin role and taxonomy edits say they were saved and can be undone; descriptions are edited in full', async ({
  page,
}) => {
  const email = `e2e-saved-${Date.now()}@test.local`;
  await prisma.user.create({ data: { email, name: 'Saved State', role: 'ANNOTATOR', passwordHash: 'x' } });
  await loginAs(page, 'admin@demo.local');
  await page.goto('/admin/users');
  const row = page.getByTestId(`user-row-${email}`);
  await row.getByLabel(`Role of ${email}`).selectOption('REVIEWER');
  await expect(row.getByTestId('saved-note')).toContainText('Saved: role reviewer');
  expect((await prisma.user.findUniqueOrThrow({ where: { email } })).role).toBe('REVIEWER');
  await row.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByTestId('saved-note')).toContainText('undone');
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('ANNOTATOR');
  expect((await prisma.user.findUniqueOrThrow({ where: { email } })).role).toBe('ANNOTATOR');

  const key = `e2e-cat-${Date.now()}`;
  const long = `${'A long description that explains when to use this category. '.repeat(6)}The end.`;
  await prisma.failureCategory.create({ data: { key, label: 'E2E category', description: long, position: 999 } });
  await page.goto('/admin/taxonomy');
  const description = page.getByLabel(`Description of ${key}`);
  await expect(description).toHaveValue(long);
  expect(await description.evaluate((el) => el.scrollHeight <= el.clientHeight + 2)).toBe(true);
  await description.fill('Short now.');
  await description.blur();
  const cat = page.getByTestId(`category-${key}`);
  await expect(cat.getByTestId('saved-note')).toContainText('Saved: description');
  await cat.getByRole('button', { name: 'Undo' }).click();
  await expect(cat.getByTestId('saved-note')).toContainText('description undone');
  await expect(page.getByLabel(`Description of ${key}`)).toHaveValue(long);
});

import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Prisma } from '@prisma/client';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// Untrusted imports can hold anything: megabytes in one word, ids of hundreds of characters,
// bidi controls that reorder text. Each test seeds its own data (the e2e database is shared).
test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Whether the text a user sees in `part` still holds a bidi control character. */
const showsBidiControl = (part: Locator) =>
  part.evaluate((el, re) => new RegExp(re).test((el as HTMLElement).innerText), BIDI.source);

/** The document does not scroll sideways and, at desktop width, every table's columns are all in view. */
async function expectNoSidewaysScroll(page: Page) {
  const wholeTables = (page.viewportSize()?.width ?? 0) >= 1440;
  await expect
    .poll(() =>
      page.evaluate((wholeTables) => {
        const doc = document.documentElement;
        const problems: string[] = [];
        if (doc.scrollWidth > doc.clientWidth) {
          // Name the innermost elements that stick out, so a failure says where to look.
          // (with its right margin: a flex item's margin counts towards the page's width)
          const right = (el: Element) =>
            el.getBoundingClientRect().right + (parseFloat(getComputedStyle(el).marginRight) || 0);
          const out = [...document.body.querySelectorAll('*')].filter(
            (el) => right(el) > doc.clientWidth + 1 && ![...el.children].some((c) => right(c) > doc.clientWidth + 1),
          );
          const names = out
            .slice(0, 3)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`);
          // Text can stick out of a box that fits: name the parents of such text too.
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          for (let n = walker.nextNode(); n && names.length < 6; n = walker.nextNode()) {
            range.selectNodeContents(n);
            if (range.getBoundingClientRect().right > doc.clientWidth + 1)
              names.push(
                `text in <${n.parentElement!.tagName.toLowerCase()} class="${n.parentElement!.getAttribute('class') ?? ''}">: ${n.textContent!.slice(0, 40)}`,
              );
          }
          problems.push(`document is ${doc.scrollWidth}px wide in ${doc.clientWidth}px: ${names.join(' ')}`);
        }
        // At 1440px every table shows all its columns; narrower, a list table may scroll in its own box (by design).
        if (wholeTables)
          for (const table of document.querySelectorAll('table')) {
            const box = table.parentElement!;
            if (box.scrollWidth > box.clientWidth + 1)
              problems.push(
                `table "${table.getAttribute('aria-label') ?? ''}" is ${box.scrollWidth}px wide in ${box.clientWidth}px`,
              );
          }
        return problems;
      }, wholeTables),
    )
    .toEqual([]);
}

test.describe('long values never widen a page', () => {
  for (const width of [1440, 1024]) {
    test(`at ${width}px: trajectory, task, imports, dashboard, runs and reviews stay as wide as the window`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const benchmark = `e2e-long-${hex()}`;
      const taskId = `task-${hex()}-${'a1b2c3'.repeat(50)}`;
      const model = `model-${hex()}-${'m'.repeat(120)}`;
      const tool = `app.${'get_reservation_'.repeat(13)}`;
      const record = failedRecord({ benchmark, taskId, model, events: 6 });
      for (const e of record.events) if (e.type === 'tool_call') e.tool = tool;
      const [trajectoryId] = await seedRecords([record]);
      const task = await prisma.task.findFirstOrThrow({ where: { benchmark, externalId: taskId } });
      const run = await prisma.reflectionRun.create({
        data: { taskId: task.id, provider: 'OFFLINE', status: 'SUCCEEDED' },
      });
      const title = `Always_${'confirm_the_reservation_'.repeat(12)}first`;
      const proposal = await prisma.proposal.create({
        data: {
          runId: run.id,
          cardKind: 'SKILL',
          ability: `airline-${hex()}-${'b'.repeat(150)}`,
          operation: 'ADD_CARD',
          proposedCard: { ...DEMO_SKILL_CARDS[0].versions[0], title } as Prisma.InputJsonValue,
          reason: 'e2e long title',
          status: 'PENDING',
        },
      });
      const job = await prisma.importJob.create({
        data: { source: 'UPLOAD', status: 'SUCCEEDED', fileName: `${hex()}_${'export_'.repeat(714)}.jsonl` },
      });
      await loginAs(page, 'admin@demo.local');

      await page.goto(`/trajectories/${trajectoryId}`);
      const toolName = page.getByTestId('event-1').getByText(tool);
      await expect(toolName).toBeVisible();
      // The tool name stays inside its card (cut, with the whole name in the tooltip).
      const inside = await toolName.evaluate(
        (el) =>
          el.getBoundingClientRect().right <= el.closest('[data-testid="event-1"]')!.getBoundingClientRect().right + 1,
      );
      expect(inside).toBe(true);
      await expect(toolName).toHaveAttribute('title', tool);
      await expectNoSidewaysScroll(page);

      await page.goto(`/tasks/${task.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(taskId);
      await expectNoSidewaysScroll(page);

      await page.goto('/imports');
      await expect(page.getByRole('link', { name: job.fileName })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.goto(`/imports/${job.id}`);
      await expect(page.getByTestId('import-report')).toContainText(job.fileName);
      await expectNoSidewaysScroll(page);

      await page.goto('/dashboard');
      const filters = page.getByRole('form', { name: 'Dashboard filters' });
      await expect(filters.getByLabel('Model').locator('option', { hasText: model })).toHaveCount(1);
      // The long model name does not stretch its menu (max-w-64, 16 rem): the bar wraps by whole fields
      // (four menus and the dates take two rows at 1024 px), never sideways.
      const modelWidth = await filters.getByLabel('Model').evaluate((el) => el.getBoundingClientRect().width);
      expect(modelWidth).toBeLessThanOrEqual(256);
      await expectNoSidewaysScroll(page);

      await page.goto(`/runs?taskId=${task.id}`);
      await expect(page.locator(`tr[data-run-id="${run.id}"]`)).toContainText(taskId.slice(0, 20));
      await expectNoSidewaysScroll(page);

      await page.goto(`/reviews?taskId=${task.id}`);
      const titleLink = page.getByRole('link', { name: title });
      await expect(titleLink).toBeVisible();
      // The title stays in its own column instead of running over Bank, Task and Proposed.
      const inCell = await titleLink.evaluate(
        (el) => el.getBoundingClientRect().right <= el.closest('td')!.getBoundingClientRect().right + 1,
      );
      expect(inCell).toBe(true);
      await expectNoSidewaysScroll(page);

      await page.goto(`/reviews/${proposal.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectNoSidewaysScroll(page);
    });
  }
});

test('a message of 3 MB in one unbroken word opens promptly, cut to a preview with "Show all", and the timeline stays usable', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: `e2e-huge-${hex()}`, events: 6 });
  // Hex has no line-break opportunity at all: the worst case for the browser's text layout.
  const blob = randomBytes(1536 * 1024).toString('hex');
  record.events.splice(1, 0, { source: 'agent', type: 'message', content: blob });
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  const row = page.getByTestId('event-1');
  const showAll = row.getByRole('button', { name: /^Show all \(3\.\d MB\)$/ });
  await expect(showAll).toBeVisible();
  expect(await row.evaluate((el) => el.textContent!.length)).toBeLessThan(20_000);
  await expect(row).toHaveAttribute('data-cursor', 'true');
  await page.keyboard.press('j');
  await expect(page.getByTestId('event-2')).toHaveAttribute('data-cursor', 'true');

  await showAll.click();
  await expect(row.getByRole('button', { name: 'Show less' })).toBeVisible();
  expect(await row.locator('pre').evaluate((el) => el.textContent!.length)).toBe(blob.length);
  await page.keyboard.press('j');
  await expect(page.getByTestId('event-3')).toHaveAttribute('data-cursor', 'true');
});

test('bidi controls in imported text are shown as markers and reorder nothing', async ({ page }) => {
  const benchmark = `e2e-bidi-${hex()}`;
  const taskId = `invoice\u202Efdp.exe-${hex()}`;
  const record = failedRecord({
    benchmark,
    taskId,
    model: `model\u202D-${hex()}`,
    keys: ['cp_\u2066a', 'cp_b'],
    events: 6,
    content: (i) => (i === 0 ? 'RTL\u202Eevil' : `{"id":"R${i}"}`),
  });
  record.task.instruction = 'Open \u2067the file\u2069 txt.exe\u200F now';
  record.task.checkpoints = record.task.checkpoints!.map((c) => ({ ...c, name: `check \u202E${c.id}` }));
  record.checkpoints![0].note = 'evaluator: \u061Cwrong file';
  for (const e of record.events) if (e.type === 'tool_call') e.arguments = { file: 'report\u202Efdp.exe' };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');

  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-0')).toContainText('RTL⟨U+202E⟩evil');
  await expect(page.getByTestId('event-1')).toContainText('report⟨U+202E⟩fdp.exe');
  await expect(page.getByTestId('trajectory-task-id')).toHaveText(taskId.replace('\u202E', '⟨U+202E⟩'));
  await expect(page.getByTestId('task-instruction')).toContainText('Open ⟨U+2067⟩the file⟨U+2069⟩ txt.exe⟨U+200F⟩ now');
  await expect(page.getByRole('list', { name: 'Checkpoints' })).toContainText('check ⟨U+202E⟩cp_⟨U+2066⟩a');
  // The timeline, the header (task id, model, instruction) and the checkpoint list: the content this page renders.
  for (const part of [
    page.getByTestId('event-timeline'),
    page.locator('main header').first(),
    page.getByRole('list', { name: 'Checkpoints' }),
  ]) {
    expect(await showsBidiControl(part)).toBe(false);
  }

  const task = await prisma.task.findFirstOrThrow({ where: { benchmark } });
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('invoice⟨U+202E⟩fdp.exe');
  for (const part of [
    page.getByRole('heading', { level: 1 }),
    page.getByRole('region', { name: 'Task', exact: true }),
  ]) {
    expect(await showsBidiControl(part)).toBe(false);
  }
  // Only what is shown changes: the stored task id keeps its character.
  expect(task.externalId).toBe(taskId);
});

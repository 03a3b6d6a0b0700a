import { randomBytes } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// The queue, the task page's contrast tables and the workspace's "Diagnose" line show imported
// text too: there, as in the timeline, a bidi control must show as a marker and reorder nothing.
test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');
const RLO = '\u202E';
const MARK = '⟨U+202E⟩';

/** Whether the text a user sees in `part` still holds a bidi control character. */
const showsBidiControl = (part: Locator) =>
  part.evaluate((el) => /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test((el as HTMLElement).innerText));

test('bidi controls in task ids, tool arguments, checkpoint names and messages show as markers on the queue, the task page and the workspace', async ({
  page,
}) => {
  const benchmark = `e2e-bidi-all-${hex()}`;
  const taskId = `invoice${RLO}fdp.exe-${hex()}`;
  const model = `model${RLO}-${hex()}`;
  const record = failedRecord({ benchmark, taskId, model, events: 6, content: (i) => `msg ${i}: RTL${RLO}evil` });
  record.task.instruction = `Open the file ${RLO}txt.exe now`;
  record.task.checkpoints = record.task.checkpoints!.map((c) => ({ ...c, name: `check ${RLO}${c.id}` }));
  record.trajectory.agent = `agent${RLO}x`;
  // (A tool name is "App.function" by the import's rules: it cannot hold one; its arguments can.)
  for (const e of record.events) if (e.type === 'tool_call') e.arguments = { file: `report${RLO}fdp.exe` };
  const [id] = await seedRecords([record]);
  const task = await prisma.task.findFirstOrThrow({ where: { benchmark } });
  await loginAs(page, 'annotator@demo.local');

  // Soft: a failure names every place that still shows a raw control, not only the first.
  await page.goto(`/queue?benchmark=${benchmark}`);
  const row = page.getByTestId(`queue-row-${id}`);
  await expect.soft(row).toContainText(`invoice${MARK}fdp.exe`);
  await expect.soft(row).toContainText(`Open the file ${MARK}txt.exe now`);
  await expect.soft(row).toContainText(model.replace(RLO, MARK));
  await expect.soft(row.getByTestId('queue-run')).toHaveText(`agent${MARK}x`);
  // The cut instruction's tooltip carries the markers too.
  await expect.soft(row.locator('a[title]')).toHaveAttribute('title', `Open the file ${MARK}txt.exe now`);
  expect.soft(await showsBidiControl(row)).toBe(false);

  await page.goto(`/tasks/${task.id}`);
  const steps = page.getByTestId('aligned-steps');
  await expect.soft(steps).toContainText(`report${MARK}fdp.exe`);
  await expect.soft(steps).toContainText(model.replace(RLO, MARK));
  const grid = page.getByTestId('checkpoint-grid');
  await expect.soft(grid).toContainText(`check ${MARK}cp_0`);
  await expect.soft(grid).toContainText(model.replace(RLO, MARK));
  for (const part of [steps, grid]) expect.soft(await showsBidiControl(part)).toBe(false);

  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-0')).toContainText(`RTL${MARK}evil`);
  const heading = page.getByRole('heading', { name: /^Diagnose / });
  await expect.soft(heading).toHaveText(`Diagnose cp_0 · check ${MARK}cp_0`);
  expect.soft(await showsBidiControl(heading)).toBe(false);
});

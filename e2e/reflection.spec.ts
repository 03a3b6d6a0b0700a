import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { recountPending } from '@/lib/diagnosis/recount-pending';
import { tau2Adapter } from '@/lib/import/adapters/tau2';
import { nativeRecordSchema, type NativeRecordInput } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { loginAs } from './helpers';
import { runOfflineReflection } from './reflection-helpers';
import { realDataPath, skipWithoutRealData } from '../scripts/lib/real-data';
import { importDemoMailTask } from './review-helpers';

const TAU2_AIRLINE = realDataPath('tau2-bench/airline');

/** Runs reflection from the task page with the default (offline) settings and returns the new run's id once it is done. */
async function runReflectionFromTaskPage(page: Page, taskId: string): Promise<string> {
  const { runId, row, panel } = await runOfflineReflection(page, taskId);
  await expect(panel.getByRole('option', { name: /Rule-based \(offline/ })).toBeAttached();
  await expect(row).toContainText('rule-based (offline)');
  await expect(row).toContainText(/[1-9]\d* proposals? pending review/);
  await row.getByRole('link', { name: 'Open run' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
  return runId;
}

async function expectRunShowsPendingProposal(page: Page) {
  await expect(page.getByTestId('run-status').first()).toHaveAttribute('data-status', 'SUCCEEDED');
  await expect(page.getByTestId('run-provider')).toContainText('rule-based (offline)');
  await expect(page.getByRole('heading', { name: /Packet sent/ })).toBeVisible();
  const pending = page.getByTestId('proposal').filter({ has: page.locator('[data-proposal-status="PENDING"]') });
  await expect(pending.first()).toBeVisible();
  await expect(pending.first()).toContainText(/ADD_CARD|PATCH_CARD|MERGE_CARD|NARROW_TRIGGER/);
}

test('a reviewer runs reflection on the demo task mail/1, watches it finish and opens a run with a proposal pending review', async ({
  page,
}) => {
  const task = await prisma.task.findUniqueOrThrow({
    where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/1' } },
  });
  await loginAs(page, 'reviewer@demo.local');
  await runReflectionFromTaskPage(page, task.id);
  await expectRunShowsPendingProposal(page);
});

test('requiring diagnoses on a task without any gives a clear message and queues nothing', async ({ page }) => {
  const task = await prisma.task.findUniqueOrThrow({
    where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/2' } },
  });
  const runsBefore = await prisma.reflectionRun.count({ where: { taskId: task.id } });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/tasks/${task.id}`);
  const panel = page.getByRole('region', { name: 'Reflection' });
  await panel.getByRole('button', { name: 'Run reflection' }).click();
  await expect(panel.getByRole('alert')).toContainText('has no submitted diagnosis yet');
  expect(await prisma.reflectionRun.count({ where: { taskId: task.id } })).toBe(runsBefore);
});

async function importTau2Task(taskNumber: string, benchmark: string): Promise<string> {
  const files = ['claude-opus-4-6_distyl-button.json', 'claude-opus-4-6_ironshell.json', 'claude-sonnet-4-5_aide.json'];
  const records: NativeRecordInput[] = [];
  for (const file of files) {
    for await (const item of tau2Adapter(createReadStream(path.join(TAU2_AIRLINE, file)), { fileName: file })) {
      if (item.kind !== 'record') continue;
      const r = item.record as NativeRecordInput;
      if (r.task.id.split('/').pop() !== taskNumber) continue;
      // Our own benchmark name and trajectory ids: other e2e tests may import the same file.
      records.push({
        ...r,
        task: { ...r.task, benchmark },
        trajectory: { ...r.trajectory, id: `${benchmark}:${r.trajectory.id}` },
      });
    }
  }
  let taskId = '';
  await prisma.$transaction(
    async (tx) => {
      for (const r of records) {
        const res = await writeNativeRecord(tx, nativeRecordSchema.parse(r));
        if (res.status !== 'imported') throw new Error(`import failed: ${JSON.stringify(res)}`);
        taskId = res.taskId;
      }
    },
    { timeout: 60_000 },
  );
  return taskId;
}

/** The demo task mail/1 (all three models) under our own benchmark name. */
async function importDemoTask(benchmark: string): Promise<string> {
  return (await importDemoMailTask(benchmark)).taskId;
}

/** Two submitted diagnoses, written as an annotator would, on the failed checkpoints of one failed run. */
async function diagnoseFailedRun(taskId: string) {
  const annotator = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator@demo.local' } });
  const category = await prisma.failureCategory.findFirstOrThrow({
    where: { active: true },
    orderBy: { position: 'asc' },
  });
  const failedRun = await prisma.trajectory.findFirstOrThrow({
    where: { taskId, passed: false },
    orderBy: { model: 'asc' },
  });
  const failed = await prisma.checkpointResult.findMany({
    where: { trajectoryId: failedRun.id, passed: false },
    take: 2,
    orderBy: { checkpoint: { position: 'asc' } },
  });
  expect(failed.length).toBeGreaterThan(0);
  await prisma.$transaction(async (tx) => {
    for (const cp of failed) {
      const anchor = cp.eventIndex ?? 0;
      await tx.diagnosis.create({
        data: {
          trajectoryId: failedRun.id,
          checkpointResultId: cp.id,
          authorId: annotator.id,
          categoryId: category.id,
          eventStart: Math.max(0, anchor - 1),
          eventEnd: anchor,
          whatWentWrong:
            'The agent changed the reservation before checking the fare rules and confirming the exact change with the user.',
          whatShouldHaveHappened:
            'Read the reservation and the fare rules first, state the exact change and its cost, and wait for an explicit yes before updating.',
          confidence: 4,
          status: 'SUBMITTED',
          submittedAt: new Date(),
        },
      });
    }
    await recountPending(tx, failedRun.id);
  });
}

test('on an imported τ²-bench task with fresh diagnoses, reflection from the UI yields a proposal pending review', async ({
  page,
}) => {
  test.skip(
    skipWithoutRealData('tau2-bench/airline', 'e2e reflection on an imported τ²-bench task'),
    'the τ²-bench sample (../shared/data) is not on this machine',
  );
  const benchmark = `tau2-e2e-${randomBytes(3).toString('hex')}`;
  const taskId = await importTau2Task('2', benchmark);
  await diagnoseFailedRun(taskId);
  await loginAs(page, 'reviewer@demo.local');
  await runReflectionFromTaskPage(page, taskId);
  await expectRunShowsPendingProposal(page);
});

test('a researcher batches reflection over chosen tasks, watches batch progress on the runs page and filters the list', async ({
  page,
}) => {
  // Our own task with a fresh diagnosis, so the batch touches nobody else's data.
  const benchmark = `e2e-batch-${randomBytes(3).toString('hex')}`;
  const taskId = await importDemoTask(benchmark);
  await diagnoseFailedRun(taskId);
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/runs');
  const res = await page.request.post('/api/reflection/batches', {
    data: { mode: 'task-ids', taskIds: [taskId], settings: { provider: 'offline' } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  const { batchId, runs } = await res.json();
  expect(runs).toHaveLength(1);

  // The runs list of this test's own task: other tests finish runs meanwhile (the leakage test 27 at once),
  // and the unfiltered "Done" page of 25 newest can hold none of this test's.
  await page.goto(`/runs?taskId=${taskId}`);
  // Other tests start batches too: watch this test's own row, never the first one that matches.
  const progress = page.locator(`[data-testid="batch-progress"][data-batch-id="${batchId}"]`);
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/reflection/batches/${batchId}`)).json()).batch.done, {
      timeout: 45_000,
    })
    .toBe(true);
  await expect(progress).toContainText('1/1 finished', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page).toHaveURL(/status=SUCCEEDED/);
  expect(new URL(page.url()).searchParams.get('taskId'), 'the status filter keeps the task filter').toBe(taskId);
  const row = page.locator(`[data-run-id="${runs[0].id}"]`);
  await expect(row.getByTestId('run-status')).toHaveAttribute('data-status', 'SUCCEEDED');
  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`/runs?taskId=${taskId}`);
  await expect(
    page.locator(`[data-run-id="${runs[0].id}"]`).getByRole('link', { name: `${benchmark} · mail/1` }),
  ).toBeVisible();
});

test('an admin sees that no LLM endpoint is configured and edits the models per step', async ({ page }) => {
  await loginAs(page, 'admin@demo.local');
  await page.goto('/admin/llm');
  await expect(page.getByTestId('llm-endpoint')).toContainText('No endpoint configured');
  const field = page.getByLabel('Curator model');
  const before = await field.inputValue();
  await field.fill('curator-e2e-model');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  await page.reload();
  await expect(page.getByLabel('Curator model')).toHaveValue('curator-e2e-model');
  await page.getByLabel('Curator model').fill(before);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
});

test('an annotator cannot open runs or start reflection', async ({ page }) => {
  await loginAs(page, 'annotator@demo.local');
  await page.goto('/runs');
  await expect(page).toHaveURL(/\/forbidden/);
  const res = await page.request.post('/api/reflection/runs', {
    data: { taskId: 'x' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(403);
});

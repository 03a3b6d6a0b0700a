import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { loginAs } from './helpers';

async function demoMail1() {
  const task = await prisma.task.findUniqueOrThrow({
    where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/1' } },
  });
  const quill = await prisma.trajectory.findFirstOrThrow({ where: { taskId: task.id, model: 'quill-medium' } });
  const searchResult = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId: quill.id, checkpoint: { key: 'mail1_search' } },
  });
  return { taskId: task.id, quillId: quill.id, searchResultId: searchResult.id };
}

test('a reviewer compares the runs of a task, sees the divergence and diagnoses, and opens a failed checkpoint', async ({
  page,
}) => {
  const { taskId, quillId, searchResultId } = await demoMail1();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/tasks/${taskId}`);

  await expect(page.getByRole('heading', { name: 'demo-suite · mail/1' })).toBeVisible();
  await expect(page.getByTestId('task-instruction')).toContainText('unread message from the facilities team');
  const columns = page.getByTestId('contrast-column');
  // Three models, and the demo's two bank rounds of orbit-large-2 (demo-r1, demo-r2) on the same task.
  await expect(columns).toHaveCount(5);
  await expect(columns.nth(0)).toContainText('orbit-large-2');
  await expect(columns.nth(0)).toContainText('Passed');
  await expect(columns.filter({ hasText: 'quill-medium' })).toContainText('Failed');

  // Step 3: the passing run read page 2 of the search; quill-medium never did.
  const divergence = page.getByTestId('divergence-row');
  await expect(divergence).toBeVisible();
  await expect(divergence).toContainText('3');
  await expect(divergence).toContainText('First divergence');
  await expect(divergence).toContainText('page=2');
  // Both failing runs that skipped page 2 (quill-medium, and orbit-large-2's demo-r2 run) are missing that call.
  await expect(divergence.getByText('missing here')).toHaveCount(2);
  await expect(page.getByTestId('divergence-summary')).toContainText('First divergence at step 3');
  await expect(page.getByTestId('divergence-summary')).toContainText('quill-medium');

  // The seeded diagnosis of quill-medium shows inline in the checkpoint grid.
  const grid = page.getByTestId('checkpoint-grid');
  const quillRow = grid.getByTestId('checkpoint-row').filter({ hasText: 'quill-medium' });
  await expect(quillRow.getByTestId('inline-diagnosis').first()).toContainText('Incomplete enumeration / pagination');
  await expect(quillRow.getByTestId('inline-diagnosis').first()).toContainText('Read only the first page');

  await page.getByRole('link', { name: 'quill-medium, search_all_pages: failed', exact: false }).click();
  await expect(page).toHaveURL(new RegExp(`/trajectories/${quillId}\\?checkpoint=${searchResultId}$`));
});

test('an annotator does not see other annotators’ diagnoses on the contrast view, but sees their own', async ({
  page,
}) => {
  const { taskId, quillId } = await demoMail1();
  // annotator2's own submitted diagnosis on a failed checkpoint of the same task (the seed's is another annotator's).
  const me = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator2@demo.local' } });
  const own = `Own note ${randomBytes(3).toString('hex')}: skipped the second page`;
  const result = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId: quillId, passed: false, diagnoses: { none: { authorId: me.id } } },
    orderBy: { checkpoint: { position: 'asc' } },
  });
  await prisma.diagnosis.create({
    data: {
      trajectoryId: quillId,
      checkpointResultId: result.id,
      authorId: me.id,
      eventStart: result.eventIndex ?? 0,
      eventEnd: result.eventIndex ?? 0,
      whatWentWrong: own,
      whatShouldHaveHappened: 'Read every page.',
      status: 'SUBMITTED',
      submittedAt: new Date(),
    },
  });

  await loginAs(page, 'annotator2@demo.local');
  await page.goto(`/tasks/${taskId}`);
  await expect(page.getByTestId('contrast-column')).toHaveCount(5);
  await expect(page.getByText('Showing your own submitted diagnoses.')).toBeVisible();
  // Absence alone would also pass on a page that shows no diagnoses at all: the own one must be there.
  await expect(page.getByTestId('inline-diagnosis').filter({ hasText: own }).first()).toBeVisible();
  await expect(page.getByText('Read only the first page')).toHaveCount(0);
});

test('an annotator on a task page asks for no live stream it may not read (no 403s from /api/live)', async ({
  page,
}) => {
  const { taskId } = await demoMail1();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/live') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/tasks/${taskId}`);
  await expect(page.getByTestId('contrast-column')).toHaveCount(5);
  // The reflection panel (reviewers and researchers only) subscribed to the runs stream even when hidden.
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('tool-call arguments and instructions with HTML payloads render as inert text', async ({ page }) => {
  const benchmark = `e2e-xss-${randomBytes(3).toString('hex')}`;
  const payload = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>';
  const record = (model: string, passed: boolean, id: string) =>
    nativeRecordSchema.parse({
      format: 'trajectory.v1',
      task: {
        id: 'xss/1',
        benchmark,
        instruction: `Look up ${payload}`,
        apps: ['mail'],
        checkpoints: [{ id: 'c1', name: 'look_up' }],
      },
      trajectory: { id: `${benchmark}:${id}`, model, outcome: { passed } },
      events: [
        { source: 'user', type: 'message', content: payload },
        {
          source: 'agent',
          type: 'tool_call',
          tool: 'mail.search_messages',
          arguments: { query: passed ? 'ok' : payload },
          call_id: 'c1',
        },
      ],
      checkpoints: [{ id: 'c1', passed, note: payload, event_index: 1 }],
    });
  const taskId = await prisma.$transaction(async (tx) => {
    await writeNativeRecord(tx, record('model-a', true, 'a'));
    const res = await writeNativeRecord(tx, record('model-b', false, 'b'));
    if (res.status !== 'imported') throw new Error(JSON.stringify(res));
    return res.taskId;
  });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/tasks/${taskId}`);
  await expect(page.getByTestId('task-instruction')).toHaveText(`Look up ${payload}`);
  // Long values are shortened in the cell; the shown part is the payload as literal text.
  await expect(page.getByTestId('divergence-row')).toContainText('query=<img src=x onerror="window.__pwned');
  await expect(page.getByTestId('checkpoint-grid')).toContainText(payload);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
  expect(dialogs).toBe(0);
});

test('the contrast JSON API answers for a task and says clearly when a task does not exist', async ({ page }) => {
  const { taskId, quillId } = await demoMail1();
  await loginAs(page, 'researcher@demo.local');
  const res = await page.request.get(`/api/tasks/${taskId}/contrast`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.trajectories).toHaveLength(5);
  // quill-medium, and orbit-large-2's demo-r2 run (the demo's regression), both skip page 2 at step 3.
  expect(body.divergence).toMatchObject({ mode: 'pass-vs-fail', row: 2 });
  expect(body.divergence.differing).toHaveLength(2);
  expect(body.divergence.differing).toContain(quillId);

  const missing = await page.request.get('/api/tasks/does-not-exist/contrast');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error).toMatchObject({ code: 'NOT_FOUND', message: 'Task does-not-exist not found' });
  await page.goto('/tasks/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Task not found' })).toBeVisible();
});

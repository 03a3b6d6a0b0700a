import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newToken } from '@/lib/auth/tokens';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test.afterAll(() => disconnectDatabase());

/** Sends one finished trace without memory_console.task.id, as a raw OTLP/JSON request: it lands unassigned. */
async function sendUnassignedTrace(baseURL: string | undefined) {
  const tag = randomBytes(4).toString('hex');
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.local' } });
  const { token, hash } = newToken('mct');
  await prisma.apiToken.create({
    data: {
      name: `reassign ${tag}`,
      role: 'RESEARCHER',
      userId: admin.id,
      tokenHash: hash,
      prefix: token.slice(0, 10),
    },
  });
  // One finished root span without memory_console.task.id, as a raw OTLP/JSON request.
  const traceId = tag.repeat(4);
  const now = BigInt(Date.now()) * 1_000_000n;
  const res = await fetch(`${baseURL}/v1/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId,
                  spanId: tag.repeat(2),
                  name: 'invoke_agent',
                  startTimeUnixNano: String(now),
                  endTimeUnixNano: String(now + 1000n),
                },
                {
                  traceId,
                  spanId: `${tag}0000000a`.slice(0, 16),
                  parentSpanId: tag.repeat(2),
                  name: 'execute_tool lookup',
                  startTimeUnixNano: String(now + 10n),
                  endTimeUnixNano: String(now + 20n),
                  attributes: [
                    { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
                    { key: 'gen_ai.tool.name', value: { stringValue: 'lookup' } },
                    { key: 'gen_ai.tool.call.result', value: { stringValue: 'found' } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
  // Acknowledged once staged: the trajectory is built in the background, moments later.
  const externalId = `otlp-${traceId}`;
  await expect.poll(() => prisma.trajectory.count({ where: { externalId } })).toBe(1);
  return { tag, trajectory: await prisma.trajectory.findFirstOrThrow({ where: { externalId } }) };
}

test('an admin moves a trace that named no task under a real task from the trajectory page', async ({
  page,
  baseURL,
}) => {
  const { tag, trajectory } = await sendUnassignedTrace(baseURL);

  await loginAs(page, 'admin@demo.local');
  await page.goto(`/trajectories/${trajectory.id}`);
  const form = page.getByTestId('reassign-trace');
  await expect(form).toBeVisible();
  await form.getByLabel('Benchmark', { exact: true }).fill(`e2e-${tag}`);
  await form.getByLabel('Task id', { exact: true }).fill('shop/1');
  await form.getByLabel('Task id', { exact: true }).press('Enter');
  // After the refresh the run is no longer unassigned: the form is gone.
  await expect(page.getByTestId('reassign-trace')).toHaveCount(0);
  const moved = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectory.id }, include: { task: true } });
  expect(moved.task).toMatchObject({ benchmark: `e2e-${tag}`, externalId: 'shop/1' });
});

test('an admin finds the unassigned traces from the Imports page and picks an existing task by search', async ({
  page,
  baseURL,
}) => {
  const { tag, trajectory } = await sendUnassignedTrace(baseURL);
  const benchmark = `picker-${tag}`;
  const target = await prisma.task.create({
    data: { benchmark, externalId: 'shop/17', instruction: 'Find order 17', contentHash: `h-${tag}` },
  });

  await loginAs(page, 'admin@demo.local');
  await page.goto('/imports');
  await page.getByTestId('otlp-unassigned').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${trajectory.taskId}`));

  await page.goto(`/trajectories/${trajectory.id}`);
  const form = page.getByTestId('reassign-trace');
  await form.getByLabel('Target').selectOption('existing');
  const picker = form.getByTestId('task-picker');
  await expect(picker.getByText('Type a benchmark or part of a task id')).toBeVisible();
  await picker.getByLabel('Benchmark (exact)').fill(benchmark);
  await picker.getByLabel('Task id contains').fill('nothing-like-it');
  await expect(picker.getByText('No task matches')).toBeVisible();
  await picker.getByLabel('Task id contains').fill('17');
  await picker.getByRole('radio', { name: new RegExp(`${benchmark} / shop/17`) }).check();
  await form.getByRole('button', { name: 'Re-assign' }).click();
  await expect(page.getByTestId('reassign-trace')).toHaveCount(0);
  const moved = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectory.id } });
  expect(moved.taskId).toBe(target.id);
});

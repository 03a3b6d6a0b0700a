import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { prisma } from '@/lib/db/prisma';
import { loginAs, openNavSection, uploadOnImportsPage } from './helpers';

/** A self-written Inspect `.eval` (a zip of its start journal, one sample and the header), under a task name of this run only. */
function inspectEval(outDir: string): { file: string; task: string; runId: string } {
  const tag = randomBytes(3).toString('hex');
  const task = `e2e-toaster-${tag}`;
  const runId = `E2eRun${tag}`;
  const evalSpec = {
    task,
    run_id: runId,
    model: 'kestrel/kestrel-small',
    scorers: [{ name: 'toasted' }, { name: 'crumbs' }],
  };
  const sample = {
    id: 's1',
    epoch: 1,
    input: 'Toast two slices and wipe the crumbs.',
    messages: [
      { role: 'user', content: 'Toast two slices and wipe the crumbs.' },
      { role: 'assistant', content: '', tool_calls: [{ id: 't1', function: 'toast', arguments: { slices: 2 } }] },
      { role: 'tool', tool_call_id: 't1', function: 'toast', content: 'one slice burnt' },
      { role: 'assistant', content: 'Toasted.' },
    ],
    scores: {
      toasted: { value: 'I', answer: 'one burnt', explanation: 'A slice burnt.' },
      crumbs: { value: 'P', explanation: 'Half the crumbs wiped.' },
    },
  };
  const entries = {
    '_journal/start.json': { version: 2, eval: evalSpec },
    'samples/s1_epoch_1.json': sample,
    'header.json': { version: 2, status: 'success', eval: evalSpec },
  };
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${task}.eval`);
  writeFileSync(
    file,
    zipSync(Object.fromEntries(Object.entries(entries).map(([n, v]) => [n, strToU8(JSON.stringify(v))]))),
  );
  return { file, task, runId };
}

test('an Inspect .eval uploaded on the Imports page puts its failed scorers in the queue as checkpoints', async ({
  page,
}, info) => {
  const { file, task, runId } = inspectEval(info.outputDir);
  await loginAs(page, 'admin@demo.local');
  await openNavSection(page, 'Imports');
  await uploadOnImportsPage(page, file);

  const report = page.getByRole('region', { name: `Import report for ${task}.eval` });
  await expect(report).toBeVisible();
  await expect(report.getByTestId('count-imported')).toHaveText('1');
  await expect(report).toContainText('Inspect AI log');

  const queueHref = await report
    .getByRole('navigation', { name: 'Imported data' })
    .getByRole('link', { name: /Queue, filtered to this import/ })
    .getAttribute('href');
  const trajectory = await prisma.trajectory.findUniqueOrThrow({ where: { externalId: `inspect:${runId}:s1:1` } });
  await page.goto(queueHref!);
  const row = page.getByTestId(`queue-row-${trajectory.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('queue-checkpoints')).toContainText('toasted');
  await expect(row.getByTestId('queue-checkpoints')).toContainText('crumbs');

  // The trajectory page shows the scorer's explanation and the tool call it judged.
  await page.goto(`/trajectories/${trajectory.id}`);
  await expect(page.getByRole('form', { name: 'Diagnosis of toasted' })).toBeVisible();
  await expect(page.getByText('A slice burnt.').first()).toBeVisible();
  await expect(page.getByText('inspect.toast').first()).toBeVisible();
});

import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs, pressShortcut } from './helpers';

// Each test seeds its own data under a unique benchmark (the e2e database is shared).
const bench = (what: string) => `e2e-typing-${what}-${randomBytes(4).toString('hex')}`;

/** A loaded machine: the page runs six times slower, so anything done a frame later is late. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** `c` (until the category keys show: a key pressed before hydration reaches no handler), a digit, then typing at once. */
async function categoryThenType(page: Page, digit: string, text: string) {
  await pressShortcut(page, 'c', page.getByTestId('category-keys'));
  await page.keyboard.press(digit);
  await page.keyboard.type(text);
}

const draftOf = (trajectoryId: string) =>
  prisma.diagnosis.findFirst({ where: { trajectoryId, checkpointResult: { checkpoint: { key: 'cp_0' } } } });

test('with a slowed CPU, a sentence typed straight after c + digit lands whole in the field and is saved', async ({
  page,
}) => {
  const [id] = await seedRecords([failedRecord({ benchmark: bench('anchored'), events: 12 })]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  await slowCpu(page);
  // j, k and o are timeline keys: here they are the first letters of what the annotator writes.
  const sentence = 'just rebooked R1 without asking; kept the old fare, overlooked the cheaper option.';
  await categoryThenType(page, '1', sentence);
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByLabel('What went wrong')).toHaveValue(sentence);
  await expect(form.getByLabel('Failure category').locator('option:checked')).toHaveText(/^1 · /);
  // The timeline did not move: the letters were text, not shortcuts.
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await expect.poll(async () => (await draftOf(id))?.whatWentWrong).toBe(sentence);
});

test('with a slowed CPU and no event selected, a sentence starting with o or k after c + digit is text, not a timeline key', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: bench('no-range'), events: 12 });
  // A checkpoint the benchmark anchors to no event: nothing is selected, the form's range is empty.
  record.checkpoints = record.checkpoints!.map((c) => (c.id === 'cp_0' ? { ...c, event_index: null } : c));
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByTestId('diagnosis-range')).toHaveText('no events selected');
  await slowCpu(page);
  const sentence = 'only looked up R1 and R2, k-th time asking the same question.';
  await categoryThenType(page, '2', sentence);
  await expect(form.getByLabel('What went wrong')).toHaveValue(sentence);
  await expect(form.getByTestId('diagnosis-range')).toHaveText('no events selected');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await expect.poll(async () => (await draftOf(id))?.whatWentWrong).toBe(sentence);

  // The second text field the same way, once the first has text.
  await page.keyboard.press('Escape');
  const should = 'keep the fare and ask before changing anything.';
  await categoryThenType(page, '2', should);
  await expect(form.getByLabel('What should have happened')).toHaveValue(should);
  await expect(form.getByLabel('What went wrong')).toHaveValue(sentence);
  await expect.poll(async () => (await draftOf(id))?.whatShouldHaveHappened).toBe(should);
});

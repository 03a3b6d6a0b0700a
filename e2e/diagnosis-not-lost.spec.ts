import { randomBytes } from 'node:crypto';
import { Prisma } from '@prisma/client';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { claimNext } from '@/lib/queue/claim-next';
import { overlapLock } from '@/lib/queue/overlap';
import { createActor } from '../tests/helpers/factories';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { holdRowLocks } from '../tests/helpers/lock-waits';
import { loginAs, openAndPickFirstCategory } from './helpers';

// Each test seeds its own data under a unique benchmark (the e2e database is shared).
const bench = (what: string) => `e2e-keep-${what}-${randomBytes(4).toString('hex')}`;

const draftOf = (trajectoryId: string) =>
  prisma.diagnosis.findFirst({ where: { trajectoryId, checkpointResult: { checkpoint: { key: 'cp_0' } } } });

/**
 * One annotator with the same checkpoint open in two tabs (both opened before either saves); tab A types
 * `textA` and autosaves it. Returns tab B's page and form, still showing the empty form it opened with.
 */
async function twoTabsAfterASaved(page: Page, what: string, textA: string) {
  const [id] = await seedRecords([failedRecord({ benchmark: bench(what), events: 10 })]);
  await loginAs(page, 'annotator@demo.local');
  const tabA = await openAndPickFirstCategory(page, id);
  const pageB = await page.context().newPage();
  // Tab B asks for the diagnoses again once it is up; had that answer come after tab A's save, tab B's
  // untouched form would rightly follow A's version and there would be nothing stale to test.
  const refetched = pageB.waitForResponse((r) => r.url().endsWith(`/api/trajectories/${id}/diagnoses`));
  await pageB.goto(`/trajectories/${id}`);
  await refetched;
  const formB = pageB.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(formB).toBeVisible();
  await tabA.getByLabel('What went wrong').fill(textA);
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  return { id, pageB, formB };
}

test("a second tab on the same checkpoint is told its text is stale instead of overwriting the first tab's draft, and can load it", async ({
  page,
}) => {
  const { id, pageB, formB } = await twoTabsAfterASaved(
    page,
    'tabs',
    'Tab A: changed the flight without comparing fares.',
  );
  await formB.getByLabel('What should have happened').fill('Tab B: compare fares first.');
  const conflict = pageB.getByTestId('diagnosis-conflict');
  await expect(conflict).toContainText('changed in another tab or window');
  await expect(pageB.getByTestId('diagnosis-status')).toHaveText('Not saved: changed in another tab or window');
  expect(await draftOf(id)).toMatchObject({
    whatWentWrong: 'Tab A: changed the flight without comparing fares.',
    whatShouldHaveHappened: '',
  });

  await conflict.getByRole('button', { name: 'Load that version' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(formB.getByLabel('What went wrong')).toHaveValue('Tab A: changed the flight without comparing fares.');
  await expect(formB.getByLabel('What should have happened')).toHaveValue('');
  // From the version it now shows, tab B saves normally.
  await formB.getByLabel('What should have happened').fill('Compare fares first.');
  await expect(pageB.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  expect(await draftOf(id)).toMatchObject({
    whatWentWrong: 'Tab A: changed the flight without comparing fares.',
    whatShouldHaveHappened: 'Compare fares first.',
  });
});

test('"Keep mine" saves the stale tab\'s text over the other version, on purpose', async ({ page }) => {
  const { id, pageB, formB } = await twoTabsAfterASaved(page, 'keep', 'From tab A.');
  await formB.getByLabel('What went wrong').fill('From tab B.');
  await pageB.getByTestId('diagnosis-conflict').getByRole('button', { name: 'Keep mine' }).click();
  await expect(pageB.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  expect(await draftOf(id)).toMatchObject({ whatWentWrong: 'From tab B.' });
});

/**
 * Holds every diagnosis save of `benchmark` at its first statement, as a change of overlap k does (the writers'
 * lock, lib/queue/overlap.ts), while pages still load and read: as on a busy machine, a save sent as a page
 * unloads lands after the reloaded page has read the diagnoses. Until `release`.
 */
const holdSaves = (benchmark: string) =>
  holdRowLocks(
    Prisma.sql`SELECT true AS held FROM (SELECT pg_advisory_xact_lock(${overlapLock(Prisma.sql`${benchmark}`)})) l`,
  );

test('text typed just before a reload, or before a link to another page, is saved instead of dropped', async ({
  page,
}) => {
  const benchmark = bench('leave');
  const [id, other] = await seedRecords([
    failedRecord({ benchmark, events: 10 }),
    failedRecord({ benchmark: bench('leave-other'), events: 10 }),
  ]);
  await loginAs(page, 'annotator@demo.local');
  let form = await openAndPickFirstCategory(page, id);
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  // Reloaded well inside the autosave's pause after the last key: the page's unload sends it. The reloaded
  // page reads the diagnoses before that save lands, and shows the text anyway: this tab kept it until the
  // server confirmed it (the field used to stay empty until the next load).
  const saves = await holdSaves(benchmark);
  await form.getByLabel('What went wrong').fill('Typed, then reloaded at once.');
  await page.reload();
  form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByLabel('What went wrong')).toHaveValue('Typed, then reloaded at once.');
  // The unload's save and the reloaded page's save of the same text, in either order: no conflict.
  await saves.release();
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  await expect(page.getByTestId('diagnosis-conflict')).toHaveCount(0);
  expect(await draftOf(id)).toMatchObject({ whatWentWrong: 'Typed, then reloaded at once.' });

  // A link inside the console (a client-side navigation, no unload): leaving the checkpoint sends it.
  await form.getByLabel('What should have happened').fill('Typed, then followed a link.');
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement('a'), { href, textContent: 'elsewhere' });
    document.querySelector('[data-testid="workspace"]')?.append(a);
  }, `/trajectories/${other}`);
  await page.getByRole('link', { name: 'elsewhere' }).click();
  await expect(page).toHaveURL(new RegExp(`/trajectories/${other}$`));
  await expect.poll(async () => (await draftOf(id))?.whatShouldHaveHappened).toBe('Typed, then followed a link.');
});

/**
 * The annotator's draft is changed on another device (`elsewhere`) while this page, not knowing, types over
 * the older version and reloads at once. Returns the reloaded page's form and conflict notice.
 */
async function typedOverAVersionChangedElsewhere(page: Page, what: string, elsewhere: Prisma.DiagnosisUpdateInput) {
  const [id] = await seedRecords([failedRecord({ benchmark: bench(what), events: 10 })]);
  await loginAs(page, 'annotator@demo.local');
  const form = await openAndPickFirstCategory(page, id);
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  const draft = await draftOf(id);
  await prisma.diagnosis.update({ where: { id: draft!.id }, data: { ...elsewhere, updatedAt: new Date() } });
  await form.getByLabel('What went wrong').fill('Typed here, then reloaded.');
  await page.reload();
  return {
    id,
    form: page.getByRole('form', { name: 'Diagnosis of cp_0' }),
    conflict: page.getByTestId('diagnosis-conflict'),
  };
}

test('text kept from before a reload does not overwrite a newer draft saved elsewhere: it is shown as a conflict, and that version can be loaded', async ({
  page,
}) => {
  const { id, form, conflict } = await typedOverAVersionChangedElsewhere(page, 'kept-stale', {
    whatWentWrong: 'Saved later on another device.',
  });
  await expect(conflict).toContainText('changed in another tab or window');
  await expect(form.getByLabel('What went wrong')).toHaveValue('Typed here, then reloaded.');
  expect(await draftOf(id)).toMatchObject({ whatWentWrong: 'Saved later on another device.' });

  await conflict.getByRole('button', { name: 'Load that version' }).click();
  await expect(form.getByLabel('What went wrong')).toHaveValue('Saved later on another device.');
  // The kept text is gone with the choice: the next load shows the server's version, without a conflict.
  await page.reload();
  await expect(form.getByLabel('What went wrong')).toHaveValue('Saved later on another device.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft');
  await expect(conflict).toHaveCount(0);
  expect(await draftOf(id)).toMatchObject({ whatWentWrong: 'Saved later on another device.' });
});

test('text kept from before a reload does not turn a diagnosis submitted meanwhile back into a draft', async ({
  page,
}) => {
  const { id, form, conflict } = await typedOverAVersionChangedElsewhere(page, 'kept-submitted', {
    whatWentWrong: 'Submitted on another device.',
    whatShouldHaveHappened: 'Compare fares first.',
    status: 'SUBMITTED',
    submittedAt: new Date(),
  });
  await expect(conflict).toContainText('already submitted');
  await expect(form.getByLabel('What went wrong')).toHaveValue('Typed here, then reloaded.');
  expect(await draftOf(id)).toMatchObject({ status: 'SUBMITTED', whatWentWrong: 'Submitted on another device.' });
  await conflict.getByRole('button', { name: 'Load that version' }).click();
  await expect(form.getByLabel('What went wrong')).toHaveValue('Submitted on another device.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Submitted');
});

test('an edit of a submitted diagnosis that is not re-submitted yet asks before a link leaves the page', async ({
  page,
}) => {
  const [id] = await seedRecords([failedRecord({ benchmark: bench('guard'), events: 10, failed: 2 })]);
  await loginAs(page, 'annotator@demo.local');
  const form = await openAndPickFirstCategory(page, id);
  await form.getByLabel('What went wrong').fill('Changed the flight.');
  await form.getByLabel('What should have happened').fill('Compare fares first.');
  await form.getByLabel('What should have happened').press('Control+Enter');
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_1' })).toBeVisible();
  await page.getByTestId('checkpoint-cp_0').click();
  await form.getByLabel('What went wrong').fill('Changed the flight, twice.');
  await expect(page.getByTestId('diagnosis-status')).toContainText('Edited: re-submit');

  const dialogs: string[] = [];
  page.once('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('link', { name: /Compare all attempts/ }).click();
  await expect.poll(() => dialogs).toEqual([expect.stringContaining('not re-submitted yet')]);
  await expect(page).toHaveURL(new RegExp(`/trajectories/${id}`));
  await expect(form.getByLabel('What went wrong')).toHaveValue('Changed the flight, twice.');
});

test("a checkpoint without an anchored event starts with no events selected, not the previous checkpoint's range", async ({
  page,
}) => {
  const record = failedRecord({ benchmark: bench('unanchored'), events: 10, failed: 2 });
  record.checkpoints = record.checkpoints?.map((c, i) => (i === 1 ? { ...c, event_index: null } : c));
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  const form = await openAndPickFirstCategory(page, id);
  await expect(page.getByTestId('diagnosis-range')).toHaveText('event #1');
  await form.getByLabel('What went wrong').fill('Changed the flight.');
  await form.getByLabel('What should have happened').fill('Compare fares first.');
  await form.getByLabel('What should have happened').press('Control+Enter');
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_1' })).toBeVisible();
  await expect(page.getByTestId('diagnosis-range')).toHaveText('no events selected');
});

test('while another annotator holds the trajectory, the form says who and until when, and cannot be typed into', async ({
  page,
}) => {
  const benchmark = bench('held');
  const [id] = await seedRecords([failedRecord({ benchmark, events: 10 })]);
  const holder = await createActor('ANNOTATOR');
  expect(await claimNext(holder, { benchmark })).toEqual({ trajectoryId: id });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('claim-held')).toContainText(`${holder.name} is working on this trajectory`);
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByLabel('What went wrong')).toBeDisabled();
  await expect(page.getByRole('button', { name: /Submit & next/ })).toBeDisabled();

  // Released meanwhile: "Check again" opens the form without a reload.
  await prisma.queueClaim.deleteMany({ where: { trajectoryId: id } });
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('claim-held')).toHaveCount(0);
  await expect(form.getByLabel('What went wrong')).toBeEnabled();
});

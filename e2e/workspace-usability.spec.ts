import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs, openAndPickFirstCategory } from './helpers';

// Each test seeds its own data under a unique benchmark (the e2e database is shared).
const bench = (what: string) => `e2e-ux-${what}-${randomBytes(4).toString('hex')}`;

/** A failed run of ten events in a benchmark of its own (`what`), and the annotator signed in; returns its id. */
async function seedFailedRunAndSignIn(
  page: Page,
  what: string,
  checkpoints: { failed?: number; passed?: number } = {},
) {
  const [id] = await seedRecords([failedRecord({ benchmark: bench(what), events: 10, ...checkpoints })]);
  await loginAs(page, 'annotator@demo.local');
  return id;
}

test('a trajectory opened at a checkpoint shows its anchored event on screen even when rows are much taller than estimated', async ({
  page,
}) => {
  const benchmark = bench('tall');
  const record = failedRecord({ benchmark, events: 40 });
  // Tool calls with many arguments render as tall blocks, as in real τ²-bench runs.
  const bulky = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`field_${i}`, `value ${i}`]));
  for (const e of record.events) if (e.type === 'tool_call') e.arguments = { ...bulky, ...(e.arguments as object) };
  record.checkpoints![0].event_index = 33;
  const [id] = await seedRecords([record]);
  const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId: id, passed: false } });
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}?checkpoint=${cp.id}`);
  const anchored = page.getByTestId('event-33');
  await expect(anchored).toHaveAttribute('data-highlighted', 'true');
  await expect(anchored).toBeInViewport();
});

test('Esc leaves the diagnosis field so j/k move through events again; letter keys typed in the field stay text', async ({
  page,
}) => {
  const id = await seedFailedRunAndSignIn(page, 'esc');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  // "d" goes to the first empty required field (the category); 1 picks one and moves on to "What went wrong".
  await page.keyboard.press('d');
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  await expect(form.getByLabel('Failure category')).toBeFocused();
  await page.keyboard.press('1');
  const wrong = form.getByLabel('What went wrong');
  await expect(wrong).toBeFocused();
  await page.keyboard.type('jk');
  await expect(wrong).toHaveValue('jk');
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-cursor', 'true');
  await page.keyboard.press('Escape');
  await expect(wrong).not.toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByTestId('event-2')).toHaveAttribute('data-cursor', 'true');
});

test('Enter in a queue text filter applies it; the instruction opens the item', async ({ page }) => {
  const benchmark = bench('filter');
  const [twoFailed] = await seedRecords([
    failedRecord({ benchmark, failed: 2 }),
    failedRecord({ benchmark, failed: 1 }),
  ]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expect(page.getByTestId('queue-total')).toHaveText('2');
  await page.getByLabel('Checkpoint key').fill('cp_1');
  await page.getByLabel('Checkpoint key').press('Enter');
  await expect(page).toHaveURL(/checkpointKey=cp_1/);
  await expect(page.getByTestId('queue-total')).toHaveText('1');
  await page
    .getByTestId(`queue-row-${twoFailed}`)
    .getByRole('link', { name: 'Change the flight on reservation R1' })
    .click();
  await page.waitForURL(new RegExp(`/trajectories/${twoFailed}\\?`));
  expect(new URL(page.url()).searchParams.get('checkpointKey')).toBe('cp_1');
});

test('Ctrl+Enter on an incomplete diagnosis brings the reason it was refused into view', async ({ page }) => {
  const id = await seedFailedRunAndSignIn(page, 'refused', { failed: 3, passed: 3 });
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_0' })).toBeVisible();
  await page.keyboard.press('Control+Enter');
  // The reason sits next to its field, which gets the focus.
  const form = page.getByRole('form', { name: 'Diagnosis of cp_0' });
  const reason = form.getByTestId('field-error-category');
  await expect(reason).toContainText('pick a failure category');
  await expect(reason).toBeInViewport();
  await expect(form.getByLabel('Failure category')).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(`/trajectories/${id}`);
});

test('a submission made while an autosave is still on its way is sent after it, and the submitted text is what stays', async ({
  page,
}) => {
  const id = await seedFailedRunAndSignIn(page, 'autosave', { failed: 2 });
  // Every draft save is held until the test lets it through; the order requests reach the server is recorded.
  const order: string[] = [];
  let letDraftsThrough!: () => void;
  const draftsHeld = new Promise<void>((resolve) => (letDraftsThrough = resolve));
  await page.route('**/api/diagnoses/draft', async (route) => {
    order.push('draft');
    await draftsHeld;
    await route.continue();
  });
  await page.route('**/api/diagnoses/submit', async (route) => {
    order.push('submit');
    await route.continue();
  });
  const form = await openAndPickFirstCategory(page, id);
  await form.getByLabel('What should have happened').fill('Compare fares first.');
  await form.getByLabel('What went wrong').fill('Changed the flight');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Saving draft…');
  expect(order).toEqual(['draft']);

  // More text, then Ctrl+Enter at once: the submission waits for the autosave under way.
  await form.getByLabel('What went wrong').pressSequentially(' without comparing fares.');
  await form.getByLabel('What went wrong').press('Control+Enter');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Submitting…');
  // A round trip through the page: a submission already sent would have reached the route by now.
  await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status));
  expect(order).toEqual(['draft']);
  letDraftsThrough();
  await expect(page.getByRole('form', { name: 'Diagnosis of cp_1' })).toBeVisible();
  // Drafts first, the submission last. On a slow machine the 800 ms pause can pass between two of the
  // edits above, so a second autosave may wait behind the held one: it goes before the submission too.
  expect(order.join(' ')).toMatch(/^(draft )+submit$/);
  const stored = await prisma.diagnosis.findFirstOrThrow({
    where: { trajectoryId: id, checkpointResult: { checkpoint: { key: 'cp_0' } } },
  });
  expect(stored).toMatchObject({ status: 'SUBMITTED', whatWentWrong: 'Changed the flight without comparing fares.' });
  await expect(page.getByTestId('workspace').getByRole('alert')).toHaveCount(0);
});

test('an autosave answered 503 (the database busy) is sent again after the time the server gave, without another keystroke', async ({
  page,
}) => {
  const id = await seedFailedRunAndSignIn(page, 'retry');
  // The first draft save is refused as a busy database would refuse it; the bodies of all of them are kept.
  const bodies: string[] = [];
  await page.route('**/api/diagnoses/draft', async (route) => {
    bodies.push(route.request().postData() ?? '');
    if (bodies.length > 1) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'Retry-After': '1' },
      json: {
        error: {
          code: 'UNAVAILABLE',
          message:
            'The database could not finish this request: it deadlocked with a change made at the same time. Try again in a moment.',
          details: [],
          reason: 'DATABASE_BUSY',
          retryAfterSeconds: 1,
        },
      },
    });
  });
  const form = await openAndPickFirstCategory(page, id);
  await form.getByLabel('What went wrong').fill('Booked without checking the fare rules.');
  await expect(page.getByTestId('diagnosis-status')).toHaveText('Draft saved');
  // The refused body itself was sent again (an autosave of a later change would differ).
  expect(bodies.slice(1)).toContain(bodies[0]);
  await expect(page.getByTestId('workspace').getByRole('alert')).toHaveCount(0);
  const draft = await prisma.diagnosis.findFirstOrThrow({ where: { trajectoryId: id } });
  expect(draft).toMatchObject({ status: 'DRAFT', whatWentWrong: 'Booked without checking the fare rules.' });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { anchorDomain, closestCallRecord, passedCallRecord, seedAnchorRuns } from '../tests/helpers/anchor-runs';
import type { NativeRecord } from '@/lib/import/native-schema';
import { loginAs } from './helpers';

/** Presses a key until `done` holds: a key pressed before the page hydrates reaches no handler. */
async function pressUntil(page: Page, key: string, done: Locator, text: string) {
  await expect(async () => {
    if ((await done.textContent()) !== text) await page.keyboard.press(key);
    await expect(done).toHaveText(text, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens a run of its own, seeded from `record`, as an annotator on the diagnosis of `checkpoint`. */
async function openAnchoredRun(page: Page, record: NativeRecord, checkpoint: string) {
  const [id] = await seedAnchorRuns([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Diagnose ${checkpoint}`) })).toBeVisible();
}

/** The call the expected one is compared with is event #`event`, selected on the timeline, differing in `differs`. */
async function expectCompared(page: Page, event: number, differs: string) {
  await expect(page.getByTestId('compared-call')).toHaveText(`event #${event}`);
  await expect(page.getByTestId('timeline-selection')).toHaveText(`Selected: event #${event}`);
  await expect(page.getByTestId('expected-differs')).toHaveText(`Differs: ${differs}`);
}

test('the expected search is compared with the closest call (#11, only the date differs), and , / . cycle the others', async ({
  page,
}) => {
  await openAnchoredRun(page, closestCallRecord(anchorDomain()), '33_2');
  await expectCompared(page, 11, 'date');
  const compared = page.getByTestId('compared-call');
  const candidates = page.getByTestId('call-candidates');
  await expect(candidates.getByTestId('call-candidate-11')).toHaveText(/#11 · the anchor · differs: date$/);
  await expect(candidates.getByTestId('call-candidate-10')).toHaveText(/#10 · differs: date, destination, origin$/);
  await expect(candidates.getByTestId('call-candidate-11')).toHaveAttribute('aria-current', 'true');

  // "." compares with the next candidate, and selects it.
  await pressUntil(page, '.', compared, 'event #10');
  await expectCompared(page, 10, 'origin, destination, date');
  await expect(candidates.getByTestId('call-candidate-10')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('event-10')).toBeInViewport();
  await page.keyboard.press(',');
  await expect(compared).toHaveText('event #11');
  await expect(page.getByTestId('timeline-selection')).toHaveText('Selected: event #11');
  // And by click.
  await candidates.getByTestId('call-candidate-10').click();
  await expect(compared).toHaveText('event #10');
  await expect(page.getByTestId('passed-elsewhere')).toHaveCount(0);
});

test('failed 7_3 is not anchored to #22, which passed 7_4; comparing with #22 says so', async ({ page }) => {
  await openAnchoredRun(page, passedCallRecord(anchorDomain()), '7_3');
  await expectCompared(page, 26, 'total_baggages, nonfree_baggages');
  await expect(page.getByTestId('passed-elsewhere')).toHaveCount(0);
  await expect(page.getByTestId('call-candidate-22')).toHaveText(
    /#22 · passed checkpoint 7_4 · differs: reservation_id$/,
  );
  await pressUntil(page, '.', page.getByTestId('compared-call'), 'event #22');
  await expect(page.getByTestId('passed-elsewhere')).toHaveText('This call passed checkpoint 7_4.');
});

test('when the call that passed 7_4 is the only one, 7_3 is pre-selected on it with a visible note saying so', async ({
  page,
}) => {
  const [id] = await seedAnchorRuns([passedCallRecord(anchorDomain(), { retry: false })]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByRole('heading', { name: /^Diagnose 7_3/ })).toBeVisible();
  await expect(page.getByTestId('compared-call')).toHaveText('event #22');
  await expect(page.getByTestId('timeline-selection')).toHaveText('Selected: event #22');
  const note = page.getByTestId('passed-elsewhere');
  await expect(note).toHaveText(
    'This call passed checkpoint 7_4; the run makes no other call of update_reservation_baggages.',
  );
  await expect(note).toBeInViewport();
});

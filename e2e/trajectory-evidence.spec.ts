import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs, pressShortcut } from './helpers';

// Evidence without hunting (issue 39, items 2 and 6): the policy beside the timeline, searched and
// cited; find across a 5,000-event virtualised timeline; JSON observations as a tree. Each test
// seeds its own data (the e2e database is shared).
test.afterAll(() => disconnectDatabase());

const hex = () => randomBytes(4).toString('hex');

const POLICY = [
  '# Bakery Agent Policy',
  '',
  'You help customers of the bakery with their orders.',
  '',
  '## Orders',
  '',
  'Confirm the order id before any change.',
  '',
  '## Refunds',
  '',
  'A refund is allowed within 7 days of delivery, to the original payment method only.',
  '',
  'Never refund a custom cake once baking started.',
].join('\n');

test('the policy is searched, a passage cited in the diagnosis, and the citation opens that passage', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: `e2e-policy-${hex()}` });
  record.trajectory.policy = { kind: 'policy', text: POLICY };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);

  await page.getByTestId('policy-toggle').click();
  const panel = page.getByTestId('policy-panel');
  await expect(panel.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await panel.getByLabel('Search the policy').fill('custom cake');
  await expect(panel.getByTestId('policy-match-count')).toHaveText('1 match in 1 section');
  // Only the matching passage is left, its match marked.
  await expect(panel.getByTestId('policy-paragraph-refunds-p2').locator('mark')).toHaveText('custom cake');
  await expect(panel.getByTestId('policy-paragraph-refunds-p1')).toHaveCount(0);

  const what = page.getByLabel('What went wrong');
  await what.fill('Refunded a cake already in the oven, against');
  await panel.getByRole('button', { name: 'Cite § Refunds ¶2' }).click();
  await expect(what).toHaveValue('Refunded a cake already in the oven, against [§ Refunds ¶2](policy:refunds-p2)');
  // Typing goes on after the citation: the caret is put there (after the next frame).
  await expect(what).toBeFocused();
  await page.keyboard.type('.');
  await expect(what).toHaveValue('Refunded a cake already in the oven, against [§ Refunds ¶2](policy:refunds-p2).');

  // The form shows the citation as a link; followed, it opens the panel at that passage.
  await panel.getByRole('button', { name: 'Close the policy' }).click();
  await expect(panel).toHaveCount(0);
  const link = page.getByTestId('diagnosis-citations').getByRole('link', { name: '§ Refunds ¶2' });
  await expect(link).toHaveAttribute('href', `/trajectories/${id}?policy=refunds-p2`);
  await link.click();
  const passage = page.locator('#policy-refunds-p2');
  await expect(passage).toBeFocused();
  await expect(passage).toBeInViewport();
  await expect(passage).toContainText('Never refund a custom cake');

  // The link works from anywhere: the page opens with the policy at the passage.
  await page.goto(`/trajectories/${id}?policy=refunds-p1`);
  await expect(page.locator('#policy-refunds-p1')).toBeFocused();
});

test('find reaches matches far down a 5,000-event trajectory with n / N, unfolding observations', async ({ page }) => {
  test.setTimeout(120_000);
  const needle = `zebra${hex()}`;
  // Observations sit at even positions; two of them, far down, hold the needle.
  const record = failedRecord({
    benchmark: `e2e-find-${hex()}`,
    events: 5000,
    content: (i) => (i === 3000 || i === 4600 ? `{"note": "${needle} at ${i}", "row": ${i}}` : `{"row": ${i}}`),
  });
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);
  await expect(page.getByTestId('event-0')).toContainText('user');

  const box = page.getByLabel('Find in events', { exact: true });
  await pressShortcut(page, '/', box);
  await expect(box).toBeFocused();
  await box.fill(needle);
  await expect(page.getByTestId('find-status')).toHaveText('– of 2');
  await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(2);
  // Out of the box, n and N move between the matches.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());

  await page.keyboard.press('n');
  const first = page.getByTestId('event-3000');
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute('data-cursor', 'true');
  await expect(first).toContainText(`${needle} at 3000`);
  await expect(first.getByRole('button', { name: 'Fold observation' })).toBeVisible();
  await expect(page.getByTestId('find-status')).toHaveText('1 of 2');

  await page.keyboard.press('n');
  const second = page.getByTestId('event-4600');
  await expect(second).toBeInViewport();
  await expect(second).toContainText(`${needle} at 4600`);
  await expect(page.getByTestId('find-status')).toHaveText('2 of 2');

  await page.keyboard.press('N');
  await expect(first).toBeInViewport();
  await expect(page.getByTestId('find-status')).toHaveText('1 of 2');

  // Ctrl+F opens it again (the browser's find cannot see undrawn rows); Esc closes it.
  await page.getByLabel('Find in events', { exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('trajectory-find')).toHaveCount(0);
  await page.getByTestId('event-timeline').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Find in events', { exact: true })).toBeFocused();
});

test('a JSON observation is a tree with the checkpoint’s fields marked; a wrapped message is unwrapped', async ({
  page,
}) => {
  const record = failedRecord({ benchmark: `e2e-tree-${hex()}`, events: 6 });
  record.task.checkpoints![0] = {
    id: 'cp_0',
    name: 'airline.update_reservation_flights',
    kind: 'action',
    description: 'Expected call update_reservation_flights(reservation_id="R1", cabin="economy") (compared: cabin)',
  };
  record.events[0] = { source: 'user', type: 'message', content: '{"message": "Move my flight to Friday."}' };
  record.events[2] = {
    source: 'environment',
    type: 'observation',
    call_id: 'c1',
    content: JSON.stringify({
      reservation_id: 'R1',
      flights: [
        { flight_number: 'HAT001', cabin: 'business', price: 512 },
        { flight_number: 'HAT002', cabin: 'economy', price: 128 },
      ],
    }),
  };
  const [id] = await seedRecords([record]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/trajectories/${id}`);

  const message = page.getByTestId('event-0');
  await expect(message).toContainText('Move my flight to Friday.');
  await expect(message).not.toContainText('{"message": "Move');
  await expect(message.getByTestId('unwrapped-note')).toBeVisible();

  const obs = page.getByTestId('event-2');
  await obs.getByRole('button', { name: 'Expand observation' }).click();
  const tree = obs.getByTestId('json-tree');
  await expect(tree).toContainText('flights: [2 items]');
  // The compared argument (cabin) and its expected value are marked; other keys are not.
  await expect(tree.locator('[data-marked]').filter({ hasText: 'cabin' })).toHaveCount(2);
  await expect(tree.locator('[data-marked]').filter({ hasText: '"economy"' })).toHaveCount(1);
  await expect(tree.locator('[data-marked]').filter({ hasText: 'price' })).toHaveCount(0);
  // Folding a list hides its items; the raw JSON is one click away.
  await tree.getByRole('button', { name: /flights/ }).click();
  await expect(tree).not.toContainText('HAT001');
  await obs.getByRole('button', { name: 'Show raw JSON' }).click();
  await expect(obs.locator('pre')).toContainText('"flight_number":"HAT001"');
});

import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs, pressShortcut } from './helpers';
import { createPatchProposal } from './review-helpers';

// WCAG 2.1 A and AA, checked by axe-core on what each screen shows: annotators and reviewers spend
// whole days here, so small grey text that fails contrast, an unlabelled field or a nameless button
// is a defect like any other.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));
}

async function expectAccessible(page: Page, what: string) {
  expect.soft(await violations(page), `${what} (${new URL(page.url()).pathname})`).toEqual([]);
}

// Every console page an admin can open (an admin sees them all), each list's first detail page with it.
const PAGES = ['/', '/queue', '/tasks', '/runs', '/reviews', '/cards', '/releases', '/retrieval', '/dashboard', '/dashboard/trajectories', '/dashboard/impact', '/dashboard/proposals', '/search?q=refund', '/imports', '/agreement', '/leakage', '/admin/users', '/admin/tokens', '/admin/audit', '/admin/llm', '/admin/taxonomy', '/admin/overlap', '/forbidden'];
const DETAILS: [list: string, link: string][] = [['/tasks', 'a[href^="/tasks/"]'], ['/runs', 'a[href^="/runs/"]'], ['/cards', 'a[href^="/cards/"]'], ['/releases', 'a[href^="/releases/"]'], ['/imports', 'a[href^="/imports/"]']];

test('every console page meets WCAG 2.1 AA as axe checks it', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin@demo.local');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page, path);
  }
  for (const [list, link] of DETAILS) {
    await page.goto(list);
    const first = page.locator(`main ${link}`).first();
    await expect(first, `a detail link on ${list}`).toBeVisible();
    await first.click();
    await page.waitForURL((url) => url.pathname !== list);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page, `the first item of ${list}`);
  }
  await page.goto('/login');
  await expectAccessible(page, 'the login page');
});

test('the annotator workspace meets WCAG 2.1 AA with the diagnosis form and the shortcuts open', async ({ page }) => {
  const benchmark = `e2e-a11y-${randomBytes(4).toString('hex')}`;
  await seedRecords([failedRecord({ benchmark, events: 8 })]);
  await loginAs(page, 'annotator@demo.local');
  await page.goto(`/queue?benchmark=${benchmark}`);
  await expectAccessible(page, 'the queue filtered to one benchmark');
  await page.getByTestId('queue-next').click();
  await page.waitForURL(/\/trajectories\/[^/?]+/);
  await expect(page.getByTestId('event-1')).toHaveAttribute('data-highlighted', 'true');
  await page.keyboard.press('d');
  await expect(page.getByRole('form', { name: /Diagnosis of/ }).getByLabel('Failure category')).toBeFocused();
  await expectAccessible(page, 'the workspace with the diagnosis form');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expectAccessible(page, 'the workspace with the shortcuts dialog');
});

test('a proposal under review meets WCAG 2.1 AA, with its edit form open too', async ({ page }) => {
  const { proposal } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${proposal.id}`);
  await expect(page.getByTestId('decision-panel')).toBeVisible();
  await expectAccessible(page, 'the proposal');
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  await expectAccessible(page, 'the proposal with the edit form');
});

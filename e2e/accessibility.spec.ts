import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs, pressShortcut } from './helpers';
import { createPatchProposal } from './review-helpers';

// WCAG 2.1 A and AA, checked by axe-core on what each screen shows: annotators and reviewers spend
// whole days here, so small grey text that fails contrast, an unlabelled field or a nameless button
// is a defect like any other.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// With reduced motion the console has no colour fades (app/globals.css): axe sees each colour as it settles.
test.use({ reducedMotion: 'reduce' });

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
  );
}

async function expectAccessible(page: Page, what: string) {
  expect.soft(await violations(page), `${what} (${new URL(page.url()).pathname})`).toEqual([]);
}

// Every console page an admin can open (an admin sees them all), each list's first detail page with it.
const PAGES = [
  '/',
  '/queue',
  '/tasks',
  '/runs',
  '/reviews',
  '/cards',
  '/releases',
  '/retrieval',
  '/dashboard',
  '/dashboard/trajectories',
  '/dashboard/impact',
  '/dashboard/proposals',
  '/compare',
  '/search?q=refund',
  '/imports',
  '/agreement',
  '/leakage',
  '/admin/users',
  '/admin/tokens',
  '/admin/audit',
  '/admin/llm',
  '/admin/taxonomy',
  '/admin/overlap',
  '/admin/review',
  '/reviews/new',
  '/forbidden',
];
const DETAILS: [route: string, list: string, link: string][] = [
  ['/tasks/[taskId]', '/tasks', 'a[href^="/tasks/"]'],
  ['/runs/[runId]', '/runs', 'a[href^="/runs/"]'],
  ['/cards/[cardId]', '/cards', 'a[href^="/cards/"]'],
];
// Pages that only redirect (/admin opens the Users tab, checked above).
const REDIRECTS = ['/admin'];
// Pages that need data of their own, each checked by name below (and the login page, last).
const OWN_DATA = ['/imports/[id]', '/releases/[name]', '/trajectories/[trajectoryId]', '/reviews/[proposalId]'];

/** Every `page.tsx` under app/, as its route: route groups dropped, dynamic segments kept. */
function appPageRoutes(): string[] {
  const appDir = path.join(process.cwd(), 'app');
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'page.tsx')
    .map(
      (f) =>
        '/' +
        path
          .dirname(f)
          .split(path.sep)
          .filter((seg) => seg !== '.' && !/^\(.*\)$/.test(seg))
          .join('/'),
    )
    .sort();
}

test("every page the app has is on this spec's lists, so a new page is checked too", () => {
  const listed = [
    ...PAGES.map((p) => p.split('?')[0]),
    ...DETAILS.map(([route]) => route),
    ...OWN_DATA,
    ...REDIRECTS,
    '/login',
  ].sort();
  expect(listed).toEqual(appPageRoutes());
});

/** An import of its own with a located problem, so its report shows both parts. */
async function importWithAProblem(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'a11y-'));
  const file = path.join(dir, 'a11y.jsonl');
  await writeFile(
    file,
    `${JSON.stringify(failedRecord({ benchmark: `e2e-a11y-${randomBytes(4).toString('hex')}` }))}\n{"schema": "trajectory.v1"}\n`,
  );
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.local' } });
  const report = await importFile({
    by: { actor: { userId: admin.id, name: admin.name, email: admin.email, role: admin.role, via: 'session' } },
    source: 'CLI',
    filePath: file,
    fileName: 'a11y.jsonl',
    format: 'native',
  });
  await rm(dir, { recursive: true, force: true });
  return report.id;
}

test('every console page meets WCAG 2.1 AA as axe checks it', async ({ page }) => {
  // ~30 pages, each analysed by axe: ~1.5 min on a quiet 2-core machine, 3+ min when it is busy.
  test.setTimeout(360_000);
  await loginAs(page, 'admin@demo.local');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page, path);
  }
  for (const [, list, link] of DETAILS) {
    await page.goto(list);
    const first = page.locator(`main ${link}`).first();
    await expect(first, `a detail link on ${list}`).toBeVisible();
    await first.click();
    await page.waitForURL((url) => url.pathname !== list);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page, `the first item of ${list}`);
  }
  await page.goto(`/imports/${await importWithAProblem()}`);
  await expect(page.locator('main')).toBeVisible();
  await expectAccessible(page, 'an import report with a problem');
  // A release of its own (other specs freeze theirs too; the override keeps it independent of their leaks).
  const release = `a11y-${randomBytes(3).toString('hex')}`;
  expect(
    (
      await page.request.post('/api/releases', {
        data: { name: release, note: 'accessibility', overrideNote: 'e2e: leaks of other tests are not checked here' },
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/releases/${release}`);
  await expect(page.getByRole('table', { name: 'Release cards' })).toBeVisible();
  await expectAccessible(page, 'a release');
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
  await pressShortcut(page, '?', page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
  await expectAccessible(page, 'the workspace with the shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  // The selected event (the diagnosis range) and its form: "d" goes to the first empty field.
  await page.getByTestId('event-1').click();
  await page.keyboard.press('d');
  await expect(page.getByRole('form', { name: /Diagnosis of/ }).getByLabel('Failure category')).toBeFocused();
  await expectAccessible(page, 'the workspace with the diagnosis form');
});

test('a proposal under review meets WCAG 2.1 AA, with its edit form open too', async ({ page }) => {
  const { proposal } = await createPatchProposal();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/reviews/${proposal.id}`);
  await expect(page.getByTestId('decision-panel')).toBeVisible();
  await expectAccessible(page, 'the proposal');
  await pressShortcut(page, 'e', page.getByTestId('card-editor'));
  // Once the edited card is checked, the decision buttons are live (disabled ones are exempt from contrast).
  await expect(page.getByTestId('confirm-decision')).toBeEnabled();
  await expectAccessible(page, 'the proposal with the edit form');
});

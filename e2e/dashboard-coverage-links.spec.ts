import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { failedRecord, seedRecords } from '../tests/helpers/failed-trajectories';
import { loginAs } from './helpers';

// A benchmark and ability of this test's own: the e2e database is shared between spec files.
const run = randomBytes(3).toString('hex');
const BENCH = `e2e-cov-${run}`;
const ABILITY = `cov-${run}`;

// Once per worker: with fullyParallel, Playwright may run beforeAll again in the same worker for the
// other test (same module, same BENCH), which would seed two more runs.
let seeded: Promise<void> | undefined;
test.beforeAll(() => (seeded ??= seed()));

/** Two failed runs of ABILITY, and one of another ability that annotator2 holds (the annotator panel's figures). */
async function seed() {
  const [, , held] = await seedRecords([
    failedRecord({ benchmark: BENCH, ability: ABILITY }),
    failedRecord({ benchmark: BENCH, ability: ABILITY, model: 'model-b' }),
    failedRecord({ benchmark: BENCH, ability: `held-${run}` }),
  ]);
  const annotator2 = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator2@demo.local' } });
  await prisma.queueClaim.create({
    data: { trajectoryId: held, userId: annotator2.id, expiresAt: new Date(Date.now() + 86_400_000) },
  });
}

async function coverageTable(page: Page, panelId: string) {
  await page.goto(`/dashboard?benchmark=${BENCH}`);
  const panel = page.getByTestId(`panel-${panelId}`);
  await panel.getByRole('button', { name: 'Table' }).click();
  return panel;
}

/** The "List" link of ABILITY's row in the coverage-by-ability table. */
const abilityListLink = (panel: Locator) =>
  panel
    .getByTestId('table-coverage-by-ability')
    .getByRole('row', { name: new RegExp(ABILITY) })
    .getByRole('link', { name: 'List' });

test('a researcher, who cannot open the queue, follows a coverage bar to its trajectories with a failed checkpoint', async ({
  page,
}) => {
  await loginAs(page, 'researcher@demo.local');
  const panel = await coverageTable(page, 'coverage-by-ability');
  await expect(panel).toContainText('Click a bar for its trajectories with a failed checkpoint.');
  const list = abilityListLink(panel);
  // It used to lead to /queue, which answers a researcher with "forbidden".
  await expect(list).toHaveAttribute('href', /^\/dashboard\/trajectories\?.*checkpointFailed=1/);
  await list.click();
  await expect(page.getByTestId('drill-trajectories').locator('tbody tr')).toHaveCount(2);

  // Someone's queue items are a queue list: the annotator panel has figures and no links for this role.
  const annotators = await coverageTable(page, 'coverage-by-annotator');
  await expect(annotators.getByTestId('table-coverage-by-annotator')).toContainText('Ari Annotator');
  await expect(annotators).not.toContainText('Click for their queue items');
  await expect(annotators.getByRole('link', { name: 'List' })).toHaveCount(0);
});

test('a reviewer, who works the queue, follows a coverage bar to the queue filtered to its ability', async ({
  page,
}) => {
  await loginAs(page, 'reviewer@demo.local');
  const panel = await coverageTable(page, 'coverage-by-ability');
  await expect(panel).toContainText('Click a bar for the queue.');
  await abilityListLink(panel).click();
  await expect(page).toHaveURL(new RegExp(`/queue\\?.*ability=${ABILITY}`));
  await expect(page.getByTestId('queue-total')).toHaveText('2');
});

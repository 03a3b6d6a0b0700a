import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs, openNavSection, uploadOnImportsPage } from './helpers';

const FIXTURE = path.resolve('tests/fixtures/import/native-malformed.jsonl');

/** The self-written fixture under a benchmark name of this run only (the e2e database is shared). */
function uniqueFixture(outDir: string): { file: string; benchmark: string; text: string } {
  const benchmark = `e2e-mail-${randomBytes(3).toString('hex')}`;
  const text = readFileSync(FIXTURE, 'utf8').replaceAll('fixture-mail', benchmark);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${benchmark}.jsonl`);
  writeFileSync(file, text);
  return { file, benchmark, text };
}

/** Creates an API token through the admin API (the page must be signed in as an admin). */
async function createToken(page: Page, role: string): Promise<string> {
  const res = await page.request.post('/api/admin/tokens', {
    data: { name: `e2e import ${role}`, role },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

test('a researcher uploads a file, sees the report with the bad lines, then finds the tasks in the task list', async ({
  page,
}, info) => {
  const { file, benchmark } = uniqueFixture(info.outputDir);
  await loginAs(page, 'researcher@demo.local');
  await openNavSection(page, 'Imports');
  await expect(page.getByRole('heading', { name: 'Imports', exact: true })).toBeVisible();

  await uploadOnImportsPage(page, file);

  const report = page.getByRole('region', { name: `Import report for ${benchmark}.jsonl` });
  await expect(report).toBeVisible();
  await expect(report.getByTestId('count-imported')).toHaveText('2');
  await expect(report.getByTestId('count-failed')).toHaveText('4');
  await expect(report.getByText('partial')).toBeVisible();
  // Problems are grouped by line: the line is said once, above one row per problem.
  const line = (n: number) =>
    report
      .getByTestId('problem-group')
      .filter({ has: page.getByTestId('problem-where').filter({ hasText: new RegExp(`^Line ${n} ·`) }) });
  await expect(line(2).getByTestId('problem-row')).toHaveCount(1);
  await expect(line(2).getByRole('cell', { name: /^malformed JSON/ })).toBeVisible();
  await expect(line(6).getByRole('cell', { name: /^unknown checkpoint id "1_9"/ })).toBeVisible();
  await expect(report.getByRole('cell', { name: /^Line \d+:/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `${benchmark}.jsonl` })).toBeVisible();

  // The report links to what it imported: the queue filtered to it, and its tasks.
  const links = report.getByRole('navigation', { name: 'Imported data' });
  await expect(links.getByRole('link', { name: /Queue, filtered to this import/ })).toHaveAttribute(
    'href',
    /^\/queue\?importId=/,
  );
  const taskHref = await report
    .getByRole('list', { name: 'Imported tasks' })
    .getByRole('link', { name: 'mail/1' })
    .getAttribute('href');
  expect(taskHref).toMatch(/^\/tasks\//);
  await links.getByRole('link', { name: /The imported task|All \d+ imported tasks/ }).click();
  await expect(page).toHaveURL(/\/tasks\?importId=/);
  await expect(page.getByTestId(`task-row-${benchmark}-mail/1`)).toBeVisible();
  await expect(page.locator('[data-testid^="task-row-"]').filter({ hasNotText: benchmark })).toHaveCount(0);
  // The upload's report lives on the upload page only; open the task link it gave.
  await page.goto(taskHref!);
  await expect(page.getByRole('heading', { name: `${benchmark} · mail/1` })).toBeVisible();

  await page.goto(`/tasks?benchmark=${benchmark}`);
  const row = page.getByTestId(`task-row-${benchmark}-mail/1`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('list', { name: 'Models on mail/1' })).toContainText('heron-large');
  await expect(row.getByRole('list', { name: 'Models on mail/1' })).toContainText('kestrel-small');
  await expect(row.getByRole('link', { name: 'mail/1' })).toHaveAttribute('href', /^\/tasks\/c/);
});

test('an upload of an empty file and a broken one reports each by name and says what is wrong with it', async ({
  page,
}, info) => {
  mkdirSync(info.outputDir, { recursive: true });
  const tag = randomBytes(3).toString('hex');
  const empty = path.join(info.outputDir, `empty-${tag}.jsonl`);
  const broken = path.join(info.outputDir, `broken-${tag}.json`);
  writeFileSync(empty, '');
  writeFileSync(broken, '{"tasks": [1, 2');
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/imports');
  await uploadOnImportsPage(page, [empty, broken]);
  await expect(page.getByRole('region', { name: `Import report for empty-${tag}.jsonl` })).toContainText(
    `empty-${tag}.jsonl is empty (0 bytes): there is nothing to import.`,
  );
  await expect(page.getByRole('region', { name: `Import report for broken-${tag}.json` })).toContainText(
    `Cannot tell the format of broken-${tag}.json: it is not valid JSON (`,
  );
});

test('the import API refuses anonymous callers (401) and annotator tokens (403), and imports a raw JSONL body for a researcher token', async ({
  page,
  request,
}, info) => {
  const { benchmark, text } = uniqueFixture(info.outputDir);
  const anonymous = await request.post('/api/imports?fileName=x.jsonl', {
    data: text,
    headers: { 'content-type': 'application/x-ndjson' },
  });
  expect(anonymous.status()).toBe(401);

  await loginAs(page, 'admin@demo.local');
  const annotatorToken = await createToken(page, 'ANNOTATOR');
  const refused = await request.post('/api/imports?fileName=x.jsonl', {
    data: text,
    headers: { authorization: `Bearer ${annotatorToken}`, 'content-type': 'application/x-ndjson' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('FORBIDDEN');

  const researcherToken = await createToken(page, 'RESEARCHER');
  const ok = await request.post(`/api/imports?fileName=${benchmark}.jsonl&format=native`, {
    data: text,
    headers: { authorization: `Bearer ${researcherToken}`, 'content-type': 'application/x-ndjson' },
  });
  expect(ok.status()).toBe(200);
  const [report] = (await ok.json()).reports;
  expect(report).toMatchObject({
    source: 'API',
    fileName: `${benchmark}.jsonl`,
    importedCount: 2,
    failedCount: 4,
    status: 'PARTIAL',
  });
  expect(report.errors.map((e: { line: number }) => e.line)).toEqual([2, 3, 6, 7]);

  const again = await request.post(`/api/imports?fileName=${benchmark}.jsonl`, {
    data: text,
    headers: { authorization: `Bearer ${researcherToken}`, 'content-type': 'application/x-ndjson' },
  });
  expect((await again.json()).reports[0]).toMatchObject({ importedCount: 0, presentCount: 2 });
});

test('paging through past imports with the keyboard: the page is in the URL and the focus goes to the top of the list, as after a page load', async ({
  page,
}) => {
  // Enough finished imports for at least four pages of 20 (Next stays enabled on page 3), whatever other tests add.
  const tag = `e2e-pager-${randomBytes(3).toString('hex')}`;
  await prisma.importJob.createMany({
    data: Array.from({ length: 65 }, (_, i) => ({
      status: 'SUCCEEDED' as const,
      source: 'API' as const,
      fileName: `${tag}-${i}.jsonl`,
      format: 'native',
      recordsTotal: 1,
      importedCount: 1,
    })),
  });
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/imports');
  const pager = page.getByRole('navigation', { name: 'Import pages' });
  const list = page.getByRole('region', { name: 'Past imports' });
  await expect(pager).toContainText('Page 1 of');
  await page.screenshot({ path: test.info().outputPath('imports.png'), fullPage: true });

  await pager.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Page 2 of');
  await expect(list).toBeFocused();
  await expect(page).toHaveURL(/\/imports\?page=2$/);
  await pager.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Page 3 of');
  await expect(list).toBeFocused();
  // Back (from a report, or here) returns to the page the list was on.
  await page.goBack();
  await expect(pager).toContainText('Page 2 of');
});

test('a report with more than 500 problems pages through all of them', async ({ page }) => {
  const fileName = `e2e-many-${randomBytes(3).toString('hex')}.jsonl`;
  const job = await prisma.importJob.create({
    data: { status: 'FAILED', source: 'API', fileName, format: 'native', recordsTotal: 620, failedCount: 620 },
  });
  await prisma.importError.createMany({
    data: Array.from({ length: 620 }, (_, i) => ({
      importJobId: job.id,
      kind: 'INVALID' as const,
      file: fileName,
      line: i + 1,
      path: null,
      reason: `malformed JSON ${i + 1}`,
    })),
  });
  await loginAs(page, 'researcher@demo.local');
  await page.goto(`/imports/${job.id}`);
  const pager = page.getByRole('navigation', { name: 'Problem pages' });
  await expect(pager).toContainText('Showing problems 1–500 of 620');
  await pager.getByRole('link', { name: 'Next problems' }).click();
  await expect(pager).toContainText('Showing problems 501–620 of 620');
  const last = page
    .getByTestId('problem-group')
    .filter({ has: page.getByTestId('problem-where').filter({ hasText: /^Line 620 ·/ }) });
  await expect(last.getByRole('cell', { name: 'malformed JSON 620' })).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Next problems' })).toHaveCount(0);
  await pager.getByRole('link', { name: 'Previous problems' }).click();
  await expect(pager).toContainText('Showing problems 1–500 of 620');
});

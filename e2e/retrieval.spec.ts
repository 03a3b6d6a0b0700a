import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, pickDemoTask } from './helpers';
import { clearHeldOut, seedHeldOutLeaks } from './leak-helpers';
import { ownAbility } from './review-helpers';

// The leakage test marks tasks held-out, and a freeze audits every held-out task: run this file's tests in order.
test.describe.configure({ mode: 'serial' });

async function download(page: Page, label: RegExp) {
  // (names are prefixes of the download links, e.g. "JSON (cards, versions, provenance)")
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** Freezes the live bank from the releases page under a fresh name; returns the name. */
async function freezeThroughPage(page: Page, prefix: string, note: string): Promise<string> {
  const name = `${prefix}-${randomBytes(3).toString('hex')}`;
  await page.goto('/releases');
  const form = page.getByRole('form', { name: 'Freeze a release' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Freeze release' }).click();
  await expect(page).toHaveURL(new RegExp(`/releases/${name}$`));
  return name;
}

test('a researcher previews retrieval for an imported task, sees leakage, freezes a release and downloads its exports', async ({
  page,
}) => {
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/retrieval');

  // Pick the demo task the seeded bank was reflected from: its cards leak into it.
  await pickDemoTask(page, 'mail/1');
  await expect(page.getByLabel('Task text')).toHaveValue(/unread message from the facilities team/);
  await page.getByLabel('Pre-tool function (optional)').fill('mail.search_messages');
  // The live bank (other tests may have frozen releases, and the newest one is the default).
  await page.getByRole('combobox', { name: /^Bank\b/ }).selectOption('current');
  await page.getByRole('button', { name: 'Preview retrieval' }).click();

  const skills = page.getByRole('table', { name: 'Skill cards' });
  await expect(skills.getByRole('columnheader', { name: 'BM25' })).toBeVisible();
  await expect(skills.getByRole('columnheader', { name: 'App bonus' })).toBeVisible();
  await expect(skills.getByRole('columnheader', { name: 'Mismatch' })).toBeVisible();
  await expect(skills.locator('tbody tr').first()).toBeVisible();
  await skills.screenshot({ path: test.info().outputPath('ranked-skill-cards.png') });
  await expect(page.getByTestId('task-start-block')).toContainText('Procedural memory: soft guidance');
  await expect(page.getByTestId('task-start-block-tokens')).toHaveText(/^\d+ \/ 1200 tokens$/);
  await expect(page.getByTestId('pre-tool-block')).toContainText('Before you call mail.search_messages:');
  const leakage = page.getByRole('alert').filter({ hasText: 'Leakage' });
  await expect(leakage).toContainText('built from this same task');
  await expect(leakage).toContainText(/version \d+ ← proposal \S+ ← run \S+/);

  // Freeze the bank.
  const name = await freezeThroughPage(page, 'e2e', 'Frozen by the e2e test');
  await expect(page.getByRole('heading', { name: `Release ${name}`, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Release cards' }).locator('tbody tr')).not.toHaveCount(0);

  const json = await download(page, /^JSON \(/);
  expect(json.name).toBe(`bank-${name}.json`);
  const doc = JSON.parse(json.bytes.toString('utf8'));
  expect(doc).toMatchObject({ format: 'bank-export.v1', manifest: { release: name, note: 'Frozen by the e2e test' } });
  expect(doc.cards.length).toBeGreaterThan(0);

  const md = await download(page, /^Markdown \(/);
  expect(md.name).toBe(`bank-${name}.md`);
  expect(md.bytes.toString('utf8')).toContain('## Skill bank: mail');

  const wiki = await download(page, /^Wiki \(/);
  expect(wiki.name).toBe(`bank-${name}-wiki.zip`);
  expect(wiki.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the leakage audit lists the held-out leaks a page at a time, with counts', async ({ page }) => {
  test.setTimeout(120_000);
  const { taskIds } = await seedHeldOutLeaks(ownAbility(), 9, 3);
  try {
    await loginAs(page, 'researcher@demo.local');
    await page.goto('/leakage');
    await page.getByLabel('Bank to audit').selectOption('current');
    const report = page.getByRole('alert').filter({ hasText: 'held-out tasks' });
    await expect(report).toContainText('27 leaks across 9 of 9 held-out tasks (current)');
    const leaks = report.locator('[data-leak-card]');
    await expect(leaks).toHaveCount(25);
    await expect(leaks.first()).toContainText(/version \d+ ← proposal \S+ ← run \S+/);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages).toContainText('Page 1 of 2 · 27 leaks');
    await page.screenshot({ path: test.info().outputPath('leakage-page-1.png'), fullPage: true });
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 2 · 27 leaks');
    await expect(leaks).toHaveCount(2);
    // The bank and the page are in the URL: back from another page, the audit is where it was.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ release: 'current', page: '2' });
    await page.goto('/cards');
    await page.goBack();
    await expect(pages).toContainText('Page 2 of 2 · 27 leaks');
    await expect(leaks).toHaveCount(2);
    await expect(page.getByLabel('Bank to audit')).toHaveValue('current');
  } finally {
    await clearHeldOut(taskIds);
  }
});

test('the preview starts on the bank an agent runtime gets by default: the newest release', async ({ page }) => {
  await loginAs(page, 'researcher@demo.local');
  await freezeThroughPage(page, 'e2e-default', 'The default bank of the preview');
  await page.goto('/retrieval');
  const bank = page.getByRole('combobox', { name: /^Bank\b/ });
  // Ours, unless another test froze one since (the e2e database is shared): the newest either way.
  const chosen = await bank.inputValue();
  expect(chosen).not.toBe('current');
  await expect(bank.locator('option:checked')).toHaveText(`Release ${chosen} (newest, what agents get)`);
  // The same bank the runtime API answers from when the request names none.
  const runtime = await page.request.post('/api/retrieve', {
    data: { task: 'search my mail for the facilities message', apps: ['mail'] },
  });
  expect((await runtime.json()).release).toBe(chosen);
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { annotatorPseudonym } from '@/lib/diagnosis/export-diagnoses';
import { seedExportableDiagnosis } from '../tests/helpers/exportable-diagnosis';
import { loginAs } from './helpers';

/** Issue 43 item 6, end to end: a researcher scopes the diagnoses export on the Agreement page and downloads it. */
test('a researcher downloads the diagnoses of one benchmark from the Agreement page, as CSV', async ({ page }) => {
  const benchmark = `e2e-export-${randomBytes(4).toString('hex')}`;
  const author = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator@demo.local' } });
  await seedExportableDiagnosis(benchmark, 'export/1', author.id, {
    wrong: '=SUM(1,2) looked up R1 twice',
    should: 'Look it up once.',
  });

  await loginAs(page, 'researcher@demo.local');
  await page.goto('/agreement');
  const section = page.getByRole('region', { name: 'Export diagnoses' });
  await expect(section).toBeVisible();
  // A scope with nothing in it says so and offers no download.
  await section.getByLabel('Benchmark').fill(`${benchmark}-nothing`);
  await expect(section.getByTestId('export-empty')).toBeVisible();
  await expect(section.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  // A range that ends before it starts: the API's message.
  await section.getByLabel('Benchmark').fill(benchmark);
  await section.getByLabel('Submitted from').fill('2026-12-31');
  await section.getByLabel('to', { exact: true }).fill('2026-01-01');
  await expect(section.getByRole('alert')).toContainText('"to" must be on or after "from"');
  await section.getByLabel('Submitted from').fill('');
  await section.getByLabel('to', { exact: true }).fill('');

  await expect(section.getByTestId('export-count')).toHaveText('1 diagnosis in this scope');
  await section.getByLabel('Format').selectOption('csv');
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^diagnoses-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\n');
  expect(lines[0].startsWith('diagnosis_id,')).toBe(true);
  expect(csv).toContain(`,${benchmark},airline,export/1,`);
  expect(csv).toContain(`"'=SUM(1,2) looked up R1 twice"`);
  expect(csv).toContain(annotatorPseudonym(author.id));
  expect(csv).not.toContain('annotator@demo.local');
});

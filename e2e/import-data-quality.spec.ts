import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { loginAs, uploadOnImportsPage } from './helpers';

// The retail fixture under a unique domain, so runs of this spec do not collide with each other or other specs.
function uniqueRetailFile(dir: string) {
  const domain = `retail${randomBytes(3).toString('hex')}`;
  const doc = JSON.parse(readFileSync(path.resolve('tests/fixtures/import/tau2-retail-renumbered.json'), 'utf8'));
  doc.info.environment_info.domain_name = domain;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${domain}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return { file, domain };
}

test('a τ²-bench simulation scored against another task imports with a warning in the report and on the trajectory page', async ({
  page,
}, info) => {
  const { file, domain } = uniqueRetailFile(info.outputDir);
  await loginAs(page, 'researcher@demo.local');
  await page.goto('/imports');
  await uploadOnImportsPage(page, file);

  const report = page.getByRole('region', { name: `Import report for ${domain}.json` });
  await expect(report.getByTestId('count-imported')).toHaveText('2');
  await expect(report.getByTestId('count-warnings')).toHaveText('1');
  await expect(report.getByText('succeeded')).toBeVisible();
  await expect(report.getByRole('cell', { name: 'warning', exact: true })).toBeVisible();
  await report.screenshot({ path: info.outputPath('import-report.png') });

  const flagged = await prisma.trajectory.findUniqueOrThrow({
    where: { externalId: `tau2-bench:${domain}:retail-sim-2` },
  });
  await page.goto(`/trajectories/${flagged.id}`);
  const notice = page.getByTestId('data-quality-warning');
  await expect(notice).toContainText('Data-quality warning');
  await expect(notice).toContainText('action id "98_1" is not one of task 5\'s expected actions');
  await notice.locator('xpath=ancestor::header[1]').screenshot({ path: info.outputPath('trajectory-header.png') });

  // The renumbered task's own run carries no warning.
  const clean = await prisma.trajectory.findUniqueOrThrow({
    where: { externalId: `tau2-bench:${domain}:retail-sim-1` },
  });
  await page.goto(`/trajectories/${clean.id}`);
  await expect(page.getByTestId('trajectory-model')).toContainText('heron-large');
  await expect(page.getByTestId('data-quality-warning')).toHaveCount(0);
});

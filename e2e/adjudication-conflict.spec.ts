import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { disagreement } from '../tests/helpers/disagreement';
import { createActor } from '../tests/helpers/factories';
import { loginAs } from './helpers';

test('a reviewer whose checkpoint was adjudicated meanwhile is told who chose what, and replaces it by saving again', async ({
  page,
}) => {
  const { benchmark, checkpointResultId, diagnoses } = await disagreement();
  await loginAs(page, 'reviewer@demo.local');
  await page.goto('/agreement');
  const item = page.getByTestId('disagreement').filter({ hasText: benchmark });
  const useSecond = item.getByRole('button', { name: `Use ${diagnoses[1].author.name}'s diagnosis` });
  await expect(useSecond).toBeVisible();

  // Another reviewer settles it behind this page's back.
  const other = await createActor('REVIEWER');
  await adjudicate(other, { checkpointResultId, chosenDiagnosisId: diagnoses[0].id });

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/agreement/adjudications'));
  await useSecond.click();
  expect((await refused).status()).toBe(409);
  await expect(item.getByRole('alert')).toContainText(`${other.name} adjudicated this checkpoint at`);
  await expect(item.getByRole('alert')).toContainText(
    `they chose ${diagnoses[0].author.name}'s diagnosis. Save again to replace their decision.`,
  );
  expect((await prisma.adjudication.findUniqueOrThrow({ where: { checkpointResultId } })).reviewerId).toBe(
    other.userId,
  );

  // Told, the reviewer saves again: their pick replaces the other decision.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/agreement/adjudications'));
  await useSecond.click();
  expect((await saved).status()).toBe(200);
  await expect(item).toHaveCount(0);
  const now = await prisma.adjudication.findUniqueOrThrow({
    where: { checkpointResultId },
    include: { reviewer: true },
  });
  expect([now.reviewer.email, now.chosenDiagnosisId]).toEqual(['reviewer@demo.local', diagnoses[1].id]);
});

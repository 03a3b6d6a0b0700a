import { expect, test } from '@playwright/test';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { createActor, createUser } from '../tests/helpers/factories';
import { createQueuedRun } from '../tests/helpers/reflection-fixtures';
import { loginAs } from './helpers';
import { importDemoMailTask, ownAbility } from './review-helpers';

const PAGES = {
  wrong: 'Read only the first page of search results.',
  should: 'Fetch every page until next_page is null.',
};
const NEWEST = {
  wrong: 'Opened an older message than the newest match.',
  should: 'Open the newest matching message, by date.',
};

test("following a card's provenance lands on the diagnosis behind it, in view and highlighted, and the chain lists only that one", async ({
  page,
}) => {
  // A real offline reflection run in this process, then the card page and the trajectory page.
  test.setTimeout(120_000);
  const ability = ownAbility();
  const { taskId, ids } = await importDemoMailTask(`e2e-${ability}`, ability);
  const trajectoryId = ids['quill-medium'];
  // Two annotators (neither is the reader), two different lessons on the first failed checkpoint.
  const failed = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId, passed: false },
    orderBy: { checkpoint: { position: 'asc' } },
    include: { checkpoint: true },
  });
  const anchor = failed.eventIndex ?? 1;
  const diagnose = async (text: typeof PAGES, category: string, eventStart: number) => {
    const author = await createUser('ANNOTATOR');
    const cat = await prisma.failureCategory.findUniqueOrThrow({ where: { key: category } });
    return prisma.diagnosis.create({
      data: {
        trajectoryId,
        checkpointResultId: failed.id,
        authorId: author.id,
        categoryId: cat.id,
        eventStart,
        eventEnd: anchor,
        whatWentWrong: text.wrong,
        whatShouldHaveHappened: text.should,
        status: 'SUBMITTED',
        submittedAt: new Date(),
      },
      include: { author: true },
    });
  };
  await diagnose(PAGES, 'incomplete-enumeration', anchor);
  const behind = await diagnose(NEWEST, 'wrong-tool-or-arguments', Math.max(0, anchor - 1));
  const run = await createQueuedRun({
    taskId,
    settings: { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true },
  });
  await executeRun(run.id);
  const delta = await prisma.skillDelta.findFirstOrThrow({
    where: { runId: run.id, diagnosisIds: { has: behind.id } },
  });
  const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId: run.id, deltaId: delta.id } });
  const approved = await approveProposal(await createActor('REVIEWER'), proposal.id);

  await loginAs(page, 'reviewer@demo.local');
  await page.goto(`/cards/${approved.cardVersions[0].cardId}`);
  const prov = page.getByTestId('version-provenance');
  await expect(prov.getByText('Diagnoses behind this delta (1)')).toBeVisible();
  await expect(prov.getByTestId('prov-diagnosis')).toHaveCount(1);
  await expect(prov.getByTestId('prov-diagnosis')).toContainText(NEWEST.wrong);
  await expect(prov).not.toContainText(PAGES.wrong);

  await prov.getByTestId('prov-event').click();
  await expect(page).toHaveURL(new RegExp(`/trajectories/${trajectoryId}\\?.*diagnosis=${behind.id}`));
  const linked = page.getByTestId('source-diagnosis');
  await expect(linked).toBeVisible();
  await expect(linked).toBeInViewport();
  await expect(linked).toHaveAttribute('data-highlighted', 'true');
  await expect(linked).toContainText(`The linked diagnosis · ${behind.author.name} · submitted`);
  await expect(linked).toContainText(NEWEST.wrong);
  await expect(linked).toContainText(NEWEST.should);
  await expect(page.getByTestId('timeline-selection')).toHaveText(
    behind.eventStart === behind.eventEnd
      ? `Selected: event #${behind.eventEnd}`
      : `Selected: events #${behind.eventStart}–#${behind.eventEnd} · cursor #${behind.eventEnd}`,
  );
  await expect(page.getByRole('heading', { name: new RegExp(`^Diagnose ${failed.checkpoint.key}`) })).toBeVisible();
  // Not repeated among the checkpoint's other diagnoses; the other annotator's is still there.
  const others = page.getByRole('region', { name: 'Other diagnoses of this checkpoint' });
  await expect(others).toContainText(PAGES.wrong);
  await expect(others).not.toContainText(NEWEST.wrong);
});

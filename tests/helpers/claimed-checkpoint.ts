import { expect } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { claimNext } from '@/lib/queue/claim-next';
import { createActor, uid } from './factories';
import { failedRecord, seedRecords } from './failed-trajectories';

/**
 * One annotator, the first of two failed checkpoints of a run they hold the claim on (submitting it keeps
 * the claim: the second is still theirs to do), a complete diagnosis body for it, and its stored row.
 */
export async function claimedCheckpoint(prefix: string) {
  const benchmark = `${prefix}-${uid()}`;
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 2 })]);
  const annotator = await createActor('ANNOTATOR');
  expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId });
  const category = await prisma.failureCategory.findFirstOrThrow({ orderBy: { position: 'asc' } });
  const cp = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId, passed: false },
    orderBy: { id: 'asc' },
  });
  const body = (whatWentWrong: string, replacesUpdatedAt?: string | null) => ({
    checkpointResultId: cp.id,
    categoryId: category.id,
    eventStart: 1,
    eventEnd: 1,
    whatWentWrong,
    whatShouldHaveHappened: 's',
    replacesUpdatedAt,
  });
  const stored = () =>
    prisma.diagnosis.findFirstOrThrow({ where: { checkpointResultId: cp.id, authorId: annotator.userId } });
  return { annotator, trajectoryId, checkpointResultId: cp.id, body, stored };
}

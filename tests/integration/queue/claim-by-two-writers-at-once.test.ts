import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { saveDraft } from '@/lib/diagnosis/save-diagnosis';
import { AppError } from '@/lib/errors';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { lockWaiters } from '../../helpers/lock-waits';
import { waitFor } from '../../helpers/wait-for';

type Actor = Awaited<ReturnType<typeof createActor>>;

/**
 * Opens a transaction that claims `trajectoryId` for `holder` and keeps it uncommitted while a
 * draft is saved by `writer` (it reads no claim, then meets this one on the unique key); then commits.
 */
async function draftWhileClaimedAtTheSameMoment(holder: Actor, writer: Actor) {
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark: `claim-${uid()}` })]);
  const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
  const category = await prisma.failureCategory.findFirstOrThrow({ orderBy: { position: 'asc' } });
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let inserted!: () => void;
  const claimInserted = new Promise<void>((resolve) => (inserted = resolve));
  const claiming = prisma.$transaction(
    async (tx) => {
      await tx.queueClaim.create({
        data: { trajectoryId, userId: holder.userId, expiresAt: new Date(Date.now() + 30 * 60_000) },
      });
      inserted();
      await gate;
    },
    { timeout: 60_000 },
  );
  await claimInserted;
  const saved = saveDraft(writer, { checkpointResultId: cp.id, categoryId: category.id, whatWentWrong: 'w' }).catch(
    (e: unknown) => e,
  );
  await waitFor('the draft to wait on the claim being taken', async () => (await lockWaiters('QueueClaim')) >= 1);
  commit();
  await claiming;
  return { result: await saved, trajectoryId };
}

describe('a trajectory claimed by two writers at the same moment', () => {
  it("saves the draft of the annotator whose own claim was taken at the same moment (another tab's autosave)", async () => {
    const annotator = await createActor('ANNOTATOR');
    const { result, trajectoryId } = await draftWhileClaimedAtTheSameMoment(annotator, annotator);
    expect(result).toMatchObject({ status: 'DRAFT', whatWentWrong: 'w' });
    expect(await prisma.queueClaim.findUniqueOrThrow({ where: { trajectoryId } })).toMatchObject({
      userId: annotator.userId,
    });
  });

  it('refuses the second annotator with the name of the one who claimed it, not an internal error', async () => {
    const first = await createActor('ANNOTATOR');
    const { result, trajectoryId } = await draftWhileClaimedAtTheSameMoment(first, await createActor('ANNOTATOR'));
    expect(result).toBeInstanceOf(AppError);
    expect(result).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${first.name} is working on this trajectory`),
    });
    expect(await prisma.diagnosis.count({ where: { trajectoryId } })).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http/route';
import { claimNext } from '@/lib/queue/claim-next';
import { lockOverlapForWriting, setOverlap } from '@/lib/queue/overlap';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { holdTrajectoryRow, lockWaiters } from '../../helpers/lock-waits';
import { waitFor } from '../../helpers/wait-for';

const waitingOn = async (text: string) => (await lockWaiters(text)) > 0;

/** 'settled' if `work` settles first, 'waiting' if a backend first waits for a lock in a statement containing `text`. */
async function settlesOrWaits(work: Promise<unknown>, text: string): Promise<'settled' | 'waiting'> {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  return waitFor(`a statement with ${text} to wait, or the work to finish`, async () =>
    settled ? 'settled' : (await waitingOn(text)) ? 'waiting' : null,
  );
}

type Actor = Awaited<ReturnType<typeof createActor>>;

async function submit(trajectoryId: string, actor: Actor) {
  const category = await prisma.failureCategory.findFirstOrThrow({ orderBy: { position: 'asc' } });
  const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
  return submitDiagnosis(actor, {
    checkpointResultId: cp.id,
    categoryId: category.id,
    eventStart: 1,
    eventEnd: 1,
    whatWentWrong: 'w',
    whatShouldHaveHappened: 's',
  });
}

/**
 * Raises k to 2 on `benchmark` and holds the change mid-recount: `held` (diagnosed once by
 * the caller, so its count changes) is row-locked by the test, the recount waits on it,
 * uncommitted. `finish` lets the recount through and waits for the change to commit.
 */
async function holdRecount(benchmark: string, held: string) {
  const row = await holdTrajectoryRow(held);
  const raise = setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
  await waitFor('the recount to wait on the held row', () => waitingOn('SET "pendingCount" = s.n'));
  return {
    finish: async () => {
      await row.release();
      await raise;
    },
  };
}

describe('changing overlap k while annotators submit', () => {
  it('counts a submission made while a change of k is on its way under the new k, so the trajectory stays queued for the next annotator', async () => {
    const benchmark = `race-${uid()}`;
    const [held, raced] = await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    const [elsewhere] = await seedRecords([failedRecord({ benchmark: `other-${uid()}` })]);
    await submit(held, await createActor('ANNOTATOR'));
    const annotator = await createActor('ANNOTATOR');
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId: raced });

    const recount = await holdRecount(benchmark, held);
    // Another benchmark's annotators are not held up by it.
    const elsewhereSubmitted = submit(elsewhere, await createActor('ANNOTATOR'));
    expect(await settlesOrWaits(elsewhereSubmitted, 'pg_advisory_xact_lock_shared')).toBe('settled');
    await elsewhereSubmitted;
    // A submission on this benchmark meanwhile. Counted with the k it saw (1) and outside the recount's snapshot, it closed the trajectory.
    const submitted = submit(raced, annotator).then((r) => r.pendingCount);
    await settlesOrWaits(submitted, 'pg_advisory_xact_lock_shared');
    await recount.finish();
    // One of the two diagnoses k = 2 asks for: one still pending, in the queue for another annotator.
    expect(await submitted).toBe(1);
    const rows = await prisma.trajectory.findMany({
      where: { id: { in: [held, raced] } },
      select: { id: true, pendingCount: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.id === held ? 'held' : 'raced', r.pendingCount]))).toEqual({
      held: 1,
      raced: 1,
    });
    expect(await claimNext(await createActor('ANNOTATOR'), { benchmark })).not.toBeNull();
  });

  it("saves a submission that waited behind a change of k for longer than Prisma's 5 s transaction default", async () => {
    const benchmark = `slow-${uid()}`;
    const [held, waiting] = await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    await submit(held, await createActor('ANNOTATOR'));
    const annotator = await createActor('ANNOTATOR');
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId: waiting });
    const recount = await holdRecount(benchmark, held);
    const submitted = submit(waiting, annotator);
    expect(await settlesOrWaits(submitted, 'pg_advisory_xact_lock_shared')).toBe('waiting');
    // The wait itself is what is tested: a recount of a large benchmark takes this long.
    await new Promise((r) => setTimeout(r, 5_500));
    await recount.finish();
    // Before: the wait ended, then the commit failed on an expired transaction (500) and the diagnosis was lost.
    expect((await submitted).pendingCount).toBe(1);
    expect(
      await prisma.diagnosis.count({
        where: { trajectoryId: waiting, authorId: annotator.userId, status: 'SUBMITTED' },
      }),
    ).toBe(1);
  }, 30_000);

  it('refuses a write that waited too long for a change of k with a 503 that names the benchmark and says to retry', async () => {
    const benchmark = `held-${uid()}`;
    const [held, other] = await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    await submit(held, await createActor('ANNOTATOR'));
    const recount = await holdRecount(benchmark, held);
    const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId: other, passed: false } });
    const refused = await prisma
      .$transaction((tx) => lockOverlapForWriting(tx, { checkpointResultId: cp.id }, { waitMs: 200 }))
      .catch((e: unknown) => e);
    await recount.finish();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).reason).toBe('OVERLAP_RECOUNT');
    const res = errorResponse(refused);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await res.json()).error.message).toMatch(
      new RegExp(`Overlap k of ${benchmark} is being changed.*nothing was saved\\. Try again`),
    );
    // Once the change has committed the lock is free again, and taken at once.
    await prisma.$transaction((tx) => lockOverlapForWriting(tx, { checkpointResultId: cp.id }, { waitMs: 200 }));
  });
});

import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { claimNext } from '@/lib/queue/claim-next';
import { setOverlap } from '@/lib/queue/overlap';
import { createActor, uid } from '../helpers/factories';
import { failedRecord, seedRecords } from '../helpers/failed-trajectories';
import { lockWaiters } from '../helpers/lock-waits';
import { waitFor } from '../helpers/wait-for';

const waitingOn = async (text: string) => (await lockWaiters(text)) > 0;

/** 'settled' if `work` settles first, 'waiting' if a backend first waits for a lock in a statement containing `text`. */
async function settlesOrWaits(work: Promise<unknown>, text: string): Promise<'settled' | 'waiting'> {
  let settled = false;
  work.then(() => (settled = true), () => (settled = true));
  return waitFor(`a statement with ${text} to wait, or the work to finish`, async () => (settled ? 'settled' : (await waitingOn(text)) ? 'waiting' : null));
}

describe('changing overlap k while annotators submit', () => {
  it('counts a submission made while a change of k is on its way under the new k, so the trajectory stays queued for the next annotator', async () => {
    const benchmark = `race-${uid()}`;
    const [held, raced] = await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    const [elsewhere] = await seedRecords([failedRecord({ benchmark: `other-${uid()}` })]);
    const category = await prisma.failureCategory.findFirstOrThrow({ orderBy: { position: 'asc' } });
    const submit = async (trajectoryId: string, actor: Awaited<ReturnType<typeof createActor>>) => {
      const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
      return submitDiagnosis(actor, { checkpointResultId: cp.id, categoryId: category.id, eventStart: 1, eventEnd: 1, whatWentWrong: 'w', whatShouldHaveHappened: 's' });
    };
    // `held` is diagnosed once, so raising k to 2 rewrites its count: the recount will stop on it while the test holds its row.
    await submit(held, await createActor('ANNOTATOR'));
    const annotator = await createActor('ANNOTATOR');
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId: raced });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Trajectory" WHERE id = ${held} FOR UPDATE`;
      locked();
      await gate;
    }, { timeout: 60_000 });
    await rowLocked;

    // k goes to 2: the setting is written, then the recount waits on the held row, uncommitted.
    const raise = setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
    await waitFor('the recount to wait on the held row', () => waitingOn('SET "pendingCount" = s.n'));
    // Another benchmark's annotators are not held up by it.
    const elsewhereSubmitted = submit(elsewhere, await createActor('ANNOTATOR'));
    expect(await settlesOrWaits(elsewhereSubmitted, 'pg_advisory_xact_lock_shared')).toBe('settled');
    await elsewhereSubmitted;
    // A submission on this benchmark meanwhile. Counted with the k it saw (1) and outside the recount's snapshot, it closed the trajectory.
    const submitted = submit(raced, annotator).then((r) => r.pendingCount);
    await settlesOrWaits(submitted, 'pg_advisory_xact_lock_shared');
    release();
    await Promise.all([holder, raise]);
    // One of the two diagnoses k = 2 asks for: one still pending, in the queue for another annotator.
    expect(await submitted).toBe(1);
    const rows = await prisma.trajectory.findMany({ where: { id: { in: [held, raced] } }, select: { id: true, pendingCount: true } });
    expect(Object.fromEntries(rows.map((r) => [r.id === held ? 'held' : 'raced', r.pendingCount]))).toEqual({ held: 1, raced: 1 });
    expect(await claimNext(await createActor('ANNOTATOR'), { benchmark })).not.toBeNull();
  });
});

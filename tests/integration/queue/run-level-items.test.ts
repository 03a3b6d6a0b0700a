import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { setOverlap } from '@/lib/queue/overlap';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { loopRunDiagnosis, maxStepsRecord } from '../../helpers/run-level';

/** A failed run whose every checkpoint result passed (the reward failed elsewhere). */
const failedAllPassed = (benchmark: string) => {
  const r = failedRecord({ benchmark, failed: 0, passed: 2 });
  return { ...r, trajectory: { ...r.trajectory, outcome: { passed: false, score: 0 } } };
};

const runDiagnosis = (runTrajectoryId: string, categoryId: string) => ({
  runTrajectoryId,
  ...loopRunDiagnosis(categoryId),
});

describe('run-level queue items', () => {
  it('queues failed runs without a failed checkpoint as run-level items: listed, filtered and counted apart', async () => {
    const benchmark = `run-level-${uid()}`;
    const [checkpointItem, maxSteps, allPassed, passedRun] = await seedRecords([
      failedRecord({ benchmark }),
      maxStepsRecord({ benchmark }),
      failedAllPassed(benchmark),
      failedRecord({ benchmark, failed: 0 }),
    ]);
    const a = await createActor('ANNOTATOR');

    const all = await listQueue(a, { benchmark });
    expect(all.items.map((i) => i.trajectoryId)).toEqual([checkpointItem, maxSteps, allPassed]);
    expect(all.items.map((i) => i.trajectoryId)).not.toContain(passedRun);
    expect(all.counts).toMatchObject({ total: 3, checkpoint: 1, runLevel: 2 });
    const run = all.items.find((i) => i.trajectoryId === maxSteps)!;
    expect(run).toMatchObject({ runLevel: { submitted: 0, k: 1 }, failedCheckpoints: [], outcomeReason: 'max_steps' });
    expect(all.items.find((i) => i.trajectoryId === checkpointItem)).toMatchObject({ runLevel: null });

    const runLevel = await listQueue(a, { benchmark, kind: 'run-level' });
    expect(runLevel.items.map((i) => i.trajectoryId)).toEqual([maxSteps, allPassed]);
    // The counts are the filtered queue's.
    expect(runLevel.counts).toMatchObject({ total: 2, checkpoint: 0, runLevel: 2 });
    const checkpoints = await listQueue(a, { benchmark, kind: 'checkpoint' });
    expect(checkpoints.items.map((i) => i.trajectoryId)).toEqual([checkpointItem]);
    expect(checkpoints.counts).toMatchObject({ total: 1, checkpoint: 1, runLevel: 0 });
    // Past the first page the split is counted, not read off the page.
    const paged = await listQueue(a, { benchmark, pageSize: 1 });
    expect(paged.counts).toMatchObject({ total: 3, checkpoint: 1, runLevel: 2 });

    // "Not started" includes an untouched run-level item; "draft in progress" finds one with a draft.
    const category = await prisma.failureCategory.findFirstOrThrow();
    const undiagnosed = await listQueue(a, { benchmark, checkpointStatus: 'undiagnosed', kind: 'run-level' });
    expect(undiagnosed.items.map((i) => i.trajectoryId)).toEqual([maxSteps, allPassed]);
    await saveDraft(a, { runTrajectoryId: allPassed, categoryId: category.id, whatWentWrong: 'half' });
    const drafts = await listQueue(a, { benchmark, checkpointStatus: 'draft' });
    expect(drafts.items.map((i) => i.trajectoryId)).toEqual([allPassed]);

    // "Next" under the run-level filter claims the oldest free run-level item (allPassed is held by `a` now).
    const b = await createActor('ANNOTATOR');
    expect(await claimNext(b, { benchmark, kind: 'run-level' })).toEqual({ trajectoryId: maxSteps });
  });

  it('refuses an unknown kind by name', async () => {
    const a = await createActor('ANNOTATOR');
    await expect(listQueue(a, { kind: 'whole' })).rejects.toThrow(/kind is one of any, checkpoint, run-level/);
  });

  it('leaves the queue once the run is diagnosed, and under overlap k = 2 stays for a second annotator only', async () => {
    const benchmark = `run-level-k-${uid()}`;
    const [maxSteps] = await seedRecords([maxStepsRecord({ benchmark })]);
    const admin = await createActor('ADMIN');
    await setOverlap(admin, { benchmark, k: 2 });
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const category = await prisma.failureCategory.findFirstOrThrow();

    const first = await submitDiagnosis(a, runDiagnosis(maxSteps, category.id));
    expect(first.pendingCount).toBe(1);
    expect(first.diagnosis).toMatchObject({ runLevel: true, checkpointResultId: null, targetId: `run:${maxSteps}` });
    expect((await listQueue(a, { benchmark })).items).toEqual([]);
    const forB = await listQueue(b, { benchmark });
    expect(forB.items.map((i) => [i.trajectoryId, i.runLevel])).toEqual([[maxSteps, { submitted: 1, k: 2 }]]);

    expect((await submitDiagnosis(b, runDiagnosis(maxSteps, category.id))).pendingCount).toBe(0);
    expect((await listQueue(b, { benchmark })).counts).toMatchObject({ total: 0, runLevel: 0 });
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: maxSteps } });
    expect({ pending: t.pendingCount, diagnosed: t.diagnosedCount }).toEqual({ pending: 0, diagnosed: 1 });
  });
});

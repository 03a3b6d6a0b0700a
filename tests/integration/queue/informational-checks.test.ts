import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import type { NativeRecordInput } from '@/lib/import/native-schema';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { outcomeExplanation } from '@/lib/trajectories/reward-basis';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

/** A run of `failedRecord` with its outcome and each result's reward-basis flag set as given. */
function run(benchmark: string, passed: boolean, basis: (boolean | null)[], model: string): NativeRecordInput {
  const r = failedRecord({ benchmark, model, failed: basis.length, passed: 1 });
  r.trajectory.outcome = { passed, score: passed ? 1 : 0 };
  r.task.metadata = { reward_basis: ['DB', 'COMMUNICATE'] };
  r.checkpoints = r.checkpoints!.map((c, i) => (i < basis.length ? { ...c, in_reward_basis: basis[i] } : c));
  return r;
}

describe('checks outside the reward basis of a run that passed', () => {
  it('are left out of the queue and its counts by default, and come back with the filter', async () => {
    const benchmark = `informational-${uid()}`;
    const [informational, failedRun, unknown] = await seedRecords([
      // Passed, and its only failed check did not count: informational.
      run(benchmark, true, [false], 'passed-informational'),
      // Failed: every failed check stays diagnosable, even the one outside the basis.
      run(benchmark, false, [true, false], 'failed-run'),
      // Passed with a failed check of unknown standing (no flag): still queued, as before.
      run(benchmark, true, [null], 'passed-unknown'),
    ]);
    const actor = await createActor('ANNOTATOR');
    const ids = async (input: Record<string, unknown>) =>
      (await listQueue(actor, input)).items.map((i) => i.trajectoryId);

    expect(await ids({ benchmark })).toEqual([failedRun, unknown]);
    expect((await listQueue(actor, { benchmark })).counts.total).toBe(2);
    expect(await ids({ benchmark, informational: 'include' })).toEqual([informational, failedRun, unknown]);
    expect((await listQueue(actor, { benchmark, informational: 'include' })).counts.total).toBe(3);
    expect(await ids({ benchmark, informational: 'only' })).toEqual([informational]);
    expect((await listQueue(actor, { benchmark, informational: 'only' })).counts.total).toBe(1);
    // "next" follows the same filter: by default it never hands out the informational run.
    expect(await claimNext(actor, { benchmark })).toEqual({ trajectoryId: failedRun });
    expect((await claimNext(await createActor('ANNOTATOR'), { benchmark, informational: 'only' }))?.trajectoryId).toBe(
      informational,
    );

    const stored = await prisma.trajectory.findMany({
      where: { id: { in: [informational, failedRun, unknown] } },
      select: { id: true, informationalOnly: true },
    });
    expect(Object.fromEntries(stored.map((t) => [t.id, t.informationalOnly]))).toEqual({
      [informational]: true,
      [failedRun]: false,
      [unknown]: false,
    });
  });

  it('the trajectory page says why the run passed, and which checks decided a failed one', async () => {
    const benchmark = `informational-view-${uid()}`;
    const passedRecord = run(benchmark, true, [false], 'passed-informational');
    passedRecord.checkpoints![0].id = passedRecord.task.checkpoints![0].id = 'db';
    const [passedId, failedId] = await seedRecords([passedRecord, run(benchmark, false, [true, false], 'failed-run')]);
    const actor = await createActor('ANNOTATOR');

    const passed = await getTrajectory(actor, passedId);
    expect(passed.rewardBasis).toEqual(['DB', 'COMMUNICATE']);
    expect(passed.checkpoints.map((c) => [c.key, c.passed, c.inRewardBasis])).toEqual([
      ['db', false, false],
      ['cp_1', true, null],
    ]);
    expect(outcomeExplanation(passed)).toBe(
      "Passed: reward 1.0 on DB + COMMUNICATE; the failed `db` check is informational (outside this task's reward basis: did not count)",
    );

    const failed = await getTrajectory(actor, failedId);
    expect(outcomeExplanation(failed)).toBe(
      "Failed: reward 0.0 on DB + COMMUNICATE; decided by the failed `cp_0` check; the failed `cp_1` check is informational (outside this task's reward basis: did not count)",
    );
  });
});

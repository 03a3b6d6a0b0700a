/**
 * Run-level items on real data: the τ²-bench airline sample (8 runs × 10 tasks, ../shared/data) imported
 * through the real importer. Skipped (and listed in the summary) without the sample, required in CI.
 *
 * The expected numbers were counted from the files themselves, not through the importer: a node script
 * over every simulation of tau2-bench/airline/*.json, taking reward = reward_info.reward (0 when absent)
 * and the checks the adapter imports (action_checks[].action_match, db_check.db_match,
 * nl_assertions[].met, env_assertions[].met, communicate_checks[].met): 78 simulations, 51 with a failed
 * check (47 of them failed runs, 4 passed runs failing the db check only), and 0 failed runs without a
 * failed check. Every one of the 78 ends in "user_stop": the sample holds no max_steps or
 * too_many_errors run and no telecom file, so the max_steps case below is one real gpt-oss-120b
 * simulation with its termination reason set to max_steps and its reward_info cleared in memory (as
 * τ²-bench leaves a run cut off at the step limit), never written to disk.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { listQueue } from '@/lib/queue/list-queue';
import { createActor } from '../../helpers/factories';
import { realDataPath } from '../../../scripts/lib/real-data';
import { describeOnRealData, importRealSample } from '../../helpers/real-samples';

const dir = realDataPath('tau2-bench/airline');

describeOnRealData('tau2-bench/airline', 'run-level items on the τ²-bench airline sample', () => {
  it('queues 51 checkpoint items (47 by default) and no run-level item; a gpt-oss run cut off at max_steps becomes one', async () => {
    await importRealSample('tau2-bench/airline');
    const annotator = await createActor('ANNOTATOR');
    const queue = await listQueue(annotator, { benchmark: 'tau2-bench' });
    // 51 checkpoint items, 4 of them from runs that passed and failed only checks outside their reward basis,
    // which the queue leaves out by default (tests/integration/queue/informational-checks-real-data.test.ts counts them).
    expect(queue.counts).toMatchObject({ total: 47, checkpoint: 47, runLevel: 0 });
    const withInformational = await listQueue(annotator, { benchmark: 'tau2-bench', informational: 'include' });
    expect(withInformational.counts).toMatchObject({ total: 51, checkpoint: 51, runLevel: 0 });
    expect(await prisma.trajectory.count({ where: { benchmark: 'tau2-bench', outcomeReason: 'user_stop' } })).toBe(78);

    // The real gpt-oss-120b file, its first simulation cut off at the step limit (in memory only).
    const file = JSON.parse(readFileSync(path.join(dir, 'gpt-oss-120b_langchain.json'), 'utf8'));
    const sim = { ...file.simulations[0], id: 'max-steps-variant', termination_reason: 'max_steps' };
    delete sim.reward_info;
    const task = file.tasks.find((t: { id: unknown }) => String(t.id) === String(sim.task_id));
    const record = nativeRecordSchema.parse(tau2SimulationToRecord(file.info, task, sim));
    expect(record.trajectory.outcome).toMatchObject({ passed: false, reason: 'max_steps' });
    expect(record.checkpoints).toEqual([]);
    const written = await prisma.$transaction((tx) => writeNativeRecord(tx, record));
    if (written.status === 'conflict') throw new Error(written.reason);

    expect((await listQueue(annotator, { benchmark: 'tau2-bench' })).counts).toMatchObject({
      total: 48,
      checkpoint: 47,
      runLevel: 1,
    });
    const after = await listQueue(annotator, { benchmark: 'tau2-bench', kind: 'run-level' });
    expect(after.counts).toMatchObject({ total: 1, checkpoint: 0, runLevel: 1 });
    expect(after.items).toEqual([
      expect.objectContaining({
        trajectoryId: written.trajectoryId,
        outcomeReason: 'max_steps',
        runLevel: { submitted: 0, k: 1 },
      }),
    ]);
  });
});

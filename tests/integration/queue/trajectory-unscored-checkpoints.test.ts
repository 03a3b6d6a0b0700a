import { describe, expect, it } from 'vitest';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

describe("a run without a result for some of its task's checkpoints", () => {
  it('names the unscored checkpoints in task order, so a failed run whose recorded checks passed is not shown as all passed', async () => {
    const benchmark = `unscored-${uid()}`;
    // Like a τ-bench record without reward_info: the derived action checks passed, db and the output have no result.
    const sharedTask = (failed: number) =>
      failedRecord({ benchmark, taskId: 'shared', failed, passed: 4 - failed, keys: ['2_0', '2_1', 'db', 'output_0'] });
    const run = sharedTask(0);
    run.checkpoints = run.checkpoints!.slice(0, 2);
    run.trajectory.outcome = { passed: false, score: 0 };
    const scoredEverywhere = sharedTask(1);
    const [unscoredId, scoredId] = await seedRecords([run, scoredEverywhere]);

    const actor = await createActor('ANNOTATOR');
    const view = await getTrajectory(actor, unscoredId);
    expect(view).toMatchObject({ passed: false, failedCount: 0 });
    expect(view.checkpoints.map((c) => c.key)).toEqual(['2_0', '2_1']);
    expect(view.unscored).toEqual([
      { key: 'db', name: 'check db' },
      { key: 'output_0', name: 'check output_0' },
    ]);
    expect((await getTrajectory(actor, scoredId)).unscored).toEqual([]);
  });
});

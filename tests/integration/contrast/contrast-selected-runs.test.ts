import { describe, expect, it } from 'vitest';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

describe('the task contrast narrowed to chosen runs (runs=<id>,<id>)', () => {
  it('aligns only the two runs of a compared pair, and says how many runs the task has', async () => {
    const bench = `sel-${uid()}`;
    const seed = (model: string, c0: boolean) =>
      seedTrajectory({ benchmark: bench, taskExternalId: 'x/1', model, checkpoints: { c0 } });
    const [a, , c] = [await seed('m1', true), await seed('m2', true), await seed('m3', false)];
    const actor = await createActor('RESEARCHER');
    const view = await loadTaskContrast(actor, a.taskId, { runs: `${a.id}, ${c.id},${a.id}` });
    expect(view.trajectories.map((t) => t.id)).toEqual([a.id, c.id]);
    expect(view.trajectoryTotal).toBe(3);
    expect(view.divergence.mode).toBe('pass-vs-fail');
    expect((await loadTaskContrast(actor, a.taskId)).trajectories).toHaveLength(3);
    // An id of another task's run shows nothing of that run.
    const other = await seedTrajectory({
      benchmark: bench,
      taskExternalId: 'x/2',
      model: 'm1',
      checkpoints: { c0: true },
    });
    expect((await loadTaskContrast(actor, a.taskId, { runs: other.id })).trajectories).toEqual([]);
  });
});

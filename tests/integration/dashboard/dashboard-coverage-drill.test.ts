import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { coverage } from '@/lib/dashboard/coverage';
import { weekWithin } from '@/lib/dashboard/filter-schema';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

const bench = `cov-drill-${uid()}`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.failed = (
    await seedTrajectory({
      benchmark: bench,
      taskExternalId: 'x/1',
      model: 'm-cov',
      checkpoints: { c0: false, c1: true },
    })
  ).id;
  // Passed as a whole (the benchmark's reward) with one checkpoint failed: real τ²-bench runs have these.
  const passedWithFailure = await seedTrajectory({
    benchmark: bench,
    taskExternalId: 'x/2',
    model: 'm-cov',
    checkpoints: { c0: true, c1: false },
  });
  await prisma.trajectory.update({ where: { id: passedWithFailure.id }, data: { passed: true } });
  ids.passedWithFailure = passedWithFailure.id;
  await seedTrajectory({
    benchmark: bench,
    taskExternalId: 'x/3',
    model: 'm-cov',
    checkpoints: { c0: true, c1: true },
  });
});

describe('the list behind a diagnosis-coverage point', () => {
  it('lists every trajectory with a failed checkpoint, also one whose outcome passed', async () => {
    const actor = await createActor('RESEARCHER');
    const page = await listDrillTrajectories(actor, { benchmark: bench, checkpointFailed: '1' });
    expect(page.items.map((t) => t.id).sort()).toEqual([ids.failed, ids.passedWithFailure].sort());
    // The point counts the failed checkpoints of exactly these trajectories.
    const week = (await coverage({ benchmark: bench })).overTime;
    expect(week.map((w) => w.failed)).toEqual([2]);
  });

  it('keeps a date range that starts or ends inside the week', () => {
    expect(weekWithin('2026-03-02', {})).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(weekWithin('2026-03-02', { from: '2026-03-04', to: '2026-03-05' })).toEqual({
      from: '2026-03-04',
      to: '2026-03-05',
    });
    expect(weekWithin('2026-03-02', { from: '2026-01-01', to: '2026-12-31' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
  });
});

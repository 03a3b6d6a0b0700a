import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { compactDashboardCells } from '@/lib/dashboard/compact-cells';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { passRates } from '@/lib/dashboard/pass-rates';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

const bench = `agents-${uid()}`;
// m1 ran under two agent harnesses (and once with none recorded); m2 under one.
const SPEC = [
  { id: 'a1', model: 'm1', agent: 'react', release: null, cps: { c0: true, c1: true } },
  { id: 'a2', model: 'm1', agent: 'react', release: 'rel-ag', cps: { c0: true, c1: false } },
  { id: 'b1', model: 'm1', agent: 'planner', release: null, cps: { c0: false, c1: false } },
  { id: 'n1', model: 'm1', agent: null, release: null, cps: { c0: true, c1: false } },
  { id: 'c1', model: 'm2', agent: 'react', release: null, cps: { c0: true, c1: true } },
] as const;
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const s of SPEC) {
    const t = await seedTrajectory({
      benchmark: bench,
      taskExternalId: 'x/1',
      model: s.model,
      checkpoints: { ...s.cps },
      memoryRelease: s.release,
    });
    // Set afterwards: the cube trigger has to move the trajectory to its agent's cell on UPDATE too.
    if (s.agent) await prisma.trajectory.update({ where: { id: t.id }, data: { agent: s.agent } });
    ids[s.id] = t.id;
  }
});

describe('pass rate of one model under two agents', () => {
  it('shows one bar per model · agent instead of adding the two agents into one model bar', async () => {
    const r = await passRates({ benchmark: bench });
    expect(
      r.byModel.map((m) => [m.label, m.model, m.agent, m.trajectories, m.checkpointsPassed, m.checkpoints]),
    ).toEqual([
      ['m1 · planner', 'm1', 'planner', 1, 0, 2],
      ['m1 · react', 'm1', 'react', 2, 3, 4],
      ['m1 · no agent', 'm1', null, 1, 1, 2],
      // A model under one agent only reads as the model alone.
      ['m2', 'm2', 'react', 1, 2, 2],
    ]);
  });

  it('keeps one line per model · agent across rounds, with the same labels as the bars', async () => {
    const r = await passRates({ benchmark: bench });
    expect(r.byRound.map((p) => [p.round, p.label, p.trajectories])).toEqual([
      ['R0', 'm1 · planner', 1],
      ['R0', 'm1 · react', 1],
      ['R0', 'm1 · no agent', 1],
      ['R0', 'm2', 1],
      ['R? · rel-ag', 'm1 · react', 1],
    ]);
  });

  it('names the agent only while the filters still show the model under several agents', async () => {
    const r = await passRates({ benchmark: bench, model: 'm1', to: '2000-01-01' });
    expect(r.byModel).toEqual([]);
    await prisma.trajectory.deleteMany({ where: { id: { in: [ids.b1, ids.n1] } } });
    try {
      expect((await passRates({ benchmark: bench, model: 'm1' })).byModel.map((m) => m.label)).toEqual(['m1']);
    } finally {
      await prisma.trajectory.deleteMany({ where: { task: { benchmark: bench } } });
    }
  });
});

describe('the list behind a model · agent bar', () => {
  const b2 = `agents-drill-${uid()}`;
  const drill: Record<string, string> = {};
  beforeAll(async () => {
    for (const [key, agent] of [
      ['react', 'react'],
      ['planner', 'planner'],
      ['none', null],
    ] as const) {
      const t = await seedTrajectory({ benchmark: b2, taskExternalId: 'y/1', model: 'm1', checkpoints: { c0: true } });
      if (agent) await prisma.trajectory.update({ where: { id: t.id }, data: { agent } });
      drill[key] = t.id;
    }
  });

  it("lists only that agent's trajectories of the model, or those without an agent", async () => {
    const actor = await createActor('RESEARCHER');
    const list = async (q: Record<string, string>) =>
      (await listDrillTrajectories(actor, { benchmark: b2, model: 'm1', ...q })).items.map((t) => [t.id, t.agent]);
    expect(await list({ agent: 'react' })).toEqual([[drill.react, 'react']]);
    expect(await list({ agent: 'planner' })).toEqual([[drill.planner, 'planner']]);
    expect(await list({ nullAgent: '1' })).toEqual([[drill.none, null]]);
    expect(await list({})).toHaveLength(3);
  });

  it('keeps the agents apart when the cube is compacted', async () => {
    await compactDashboardCells();
    const r = await passRates({ benchmark: b2 });
    expect(r.byModel.map((m) => [m.label, m.trajectories])).toEqual([
      ['m1 · planner', 1],
      ['m1 · react', 1],
      ['m1 · no agent', 1],
    ]);
  });
});

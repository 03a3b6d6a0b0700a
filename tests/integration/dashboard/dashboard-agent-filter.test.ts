import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { GET as dashboardApi } from '@/app/api/dashboard/route';
import { cardImpact } from '@/lib/dashboard/card-impact';
import { compactDashboardCells } from '@/lib/dashboard/compact-cells';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { dashboardOptions, loadDashboard } from '@/lib/dashboard/load-dashboard';
import { openApiDocument } from '@/lib/openapi/document';
import { createApiToken } from '@/lib/users/api-tokens';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

// The route handler reads the caller from next/headers (no request scope outside a Next server).
let requestHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined }),
}));

const bench = `agent-filter-${uid()}`;
const card = `skill::agent_filter_${uid()}`;
const react = `react-${uid()}`;
const planner = `planner-${uid()}`;
// One model run under two agent harnesses (and once with none recorded); the card was injected into one run of each agent.
const SPEC = [
  { agent: react, ability: 'airline', cps: { c0: true, c1: true }, cards: [card] },
  { agent: react, ability: 'airline', cps: { c0: true, c1: false }, cards: [] },
  { agent: react, ability: 'retail', cps: { c0: false, c1: false }, cards: [] },
  { agent: planner, ability: 'airline', cps: { c0: false, c1: false }, cards: [card] },
  { agent: planner, ability: 'airline', cps: { c0: false, c1: true }, cards: [] },
  { agent: null, ability: 'airline', cps: { c0: true, c1: true }, cards: [] },
] as const;

beforeAll(async () => {
  for (const [i, s] of SPEC.entries()) {
    const t = await seedTrajectory({
      benchmark: bench,
      taskExternalId: `${s.ability}/${i}`,
      ability: s.ability,
      model: 'm-agents',
      checkpoints: { ...s.cps },
      memoryCardIds: [...s.cards],
    });
    if (s.agent) await prisma.trajectory.update({ where: { id: t.id }, data: { agent: s.agent } });
  }
});

describe('the dashboard filtered to one agent', () => {
  it("counts only that agent's trajectories in every trajectory panel", async () => {
    const actor = await createActor('RESEARCHER');
    const d = await loadDashboard(actor, { benchmark: bench, agent: react });
    expect(d.filters.agent).toBe(react);
    expect(d.trajectoryCount).toBe(3);
    // One agent left: the bar reads as the model alone.
    expect(
      d.passRates.byModel.map((m) => [
        m.label,
        m.agent,
        m.trajectories,
        m.tasksPassed,
        m.checkpointsPassed,
        m.checkpoints,
      ]),
    ).toEqual([['m-agents', react, 3, 1, 3, 6]]);
    expect(d.passRates.byAbility.map((a) => [a.ability, a.trajectories, a.checkpointsPassed])).toEqual([
      ['airline', 2, 3],
      ['retail', 1, 0],
    ]);
    expect(d.passRates.byRound.map((r) => [r.round, r.trajectories])).toEqual([['R0', 3]]);
    expect(d.coverage.total).toMatchObject({ failed: 3, diagnosed: 0 });
    expect(d.coverage.byAbility.map((a) => [a.ability, a.failed])).toEqual([
      ['airline', 1],
      ['retail', 2],
    ]);

    const p = await loadDashboard(actor, { benchmark: bench, agent: planner });
    expect(p.trajectoryCount).toBe(2);
    expect(p.passRates.byModel.map((m) => [m.label, m.checkpointsPassed, m.checkpoints])).toEqual([['m-agents', 1, 4]]);
    expect(p.coverage.total).toMatchObject({ failed: 3 });

    // Unfiltered, the same model shows one bar per agent and the sum of all six trajectories.
    const all = await loadDashboard(actor, { benchmark: bench });
    expect(all.trajectoryCount).toBe(6);
    expect(all.passRates.byModel.map((m) => m.label)).toEqual([
      `m-agents · ${planner}`,
      `m-agents · ${react}`,
      'm-agents · no agent',
    ]);
    expect((await loadDashboard(actor, { benchmark: bench, agent: 'nobody' })).trajectoryCount).toBe(0);
  });

  it("compares a card with the filtered agent's runs only, before and after the cube is compacted", async () => {
    const read = async (agent?: string) =>
      (await cardImpact({ benchmark: bench, agent }, { cardKeys: [card] })).map((r) => [
        r.injected.trajectories,
        r.injected.passed,
        r.comparison.trajectories,
        r.comparison.passed,
      ]);
    // react: injected 1 run (2 of 2 passed), compared with the other react airline run (1 of 2).
    expect(await read(react)).toEqual([[1, 2, 1, 1]]);
    expect(await read(planner)).toEqual([[1, 0, 1, 1]]);
    expect(await read()).toEqual([[2, 2, 3, 4]]);
    await compactDashboardCells();
    expect(await read(react)).toEqual([[1, 2, 1, 1]]);
  });

  it('keeps the agent in the drill-down list', async () => {
    const actor = await createActor('RESEARCHER');
    const page = await listDrillTrajectories(actor, { benchmark: bench, agent: planner });
    expect(page.total).toBe(2);
    expect(page.items.every((t) => t.agent === planner)).toBe(true);
  });

  it('offers the agents trajectories name in the filter menu', async () => {
    const options = await dashboardOptions(await createActor('RESEARCHER'));
    expect(options.agents).toEqual(expect.arrayContaining([planner, react]));
    expect(options.agents).not.toContain('');
  });

  it("answers GET /api/dashboard?agent= with that agent's figures, and documents the parameter", async () => {
    const researcher = await createActor('RESEARCHER');
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'dashboard',
      role: 'RESEARCHER',
      userId: researcher.userId,
    });
    requestHeaders = new Headers({ authorization: `Bearer ${token}` });
    const res = await dashboardApi(
      new NextRequest(`http://console.test/api/dashboard?benchmark=${bench}&agent=${planner}`, {
        headers: requestHeaders,
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.trajectoryCount).toBe(2);
    expect(body.filters).toMatchObject({ benchmark: bench, agent: planner });
    const doc = openApiDocument() as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
    expect(doc.paths['/api/dashboard'].get.parameters.map((q) => q.name)).toEqual([
      'benchmark',
      'ability',
      'model',
      'agent',
      'nullAgent',
      'from',
      'to',
    ]);
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from '@/app/(console)/dashboard/page';
import QueuePage from '@/app/(console)/queue/page';
import { prisma } from '@/lib/db/prisma';
import { cardImpact } from '@/lib/dashboard/card-impact';
import { queueHref } from '@/lib/dashboard/filter-schema';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { loadDashboard } from '@/lib/dashboard/load-dashboard';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';
import { renderServerPage, signInTestRequest } from '../../helpers/server-page';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));
vi.mock('next/navigation', async (orig) => ({
  ...(await orig<typeof import('next/navigation')>()),
  useRouter: () => ({ push: () => undefined, replace: () => undefined }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/queue',
}));

const bench = `no-agent-${uid()}`;
const card = `skill::no_agent_${uid()}`;
const agent = `react-${uid()}`;

beforeAll(async () => {
  // Two runs under an agent, two with none recorded (one injected with the card).
  const specs = [
    { agent, cps: { c0: true, c1: true }, cards: [] },
    { agent, cps: { c0: false, c1: false }, cards: [card] },
    { agent: null, cps: { c0: true, c1: false }, cards: [card] },
    { agent: null, cps: { c0: false, c1: false }, cards: [] },
    // A blank agent (the format allows ""): the panels count it as no agent, so the drill-down must list it.
    { agent: '', cps: { c0: false, c1: true }, cards: [] },
  ];
  for (const [i, s] of specs.entries()) {
    const t = await seedTrajectory({
      benchmark: bench,
      taskExternalId: `airline/${i}`,
      ability: 'airline',
      model: 'm-no-agent',
      checkpoints: { ...s.cps },
      memoryCardIds: s.cards,
    });
    if (s.agent !== null) await prisma.trajectory.update({ where: { id: t.id }, data: { agent: s.agent } });
  }
  await signInTestRequest('RESEARCHER');
});

describe('the dashboard filtered to runs without an agent', () => {
  it('counts only the runs without an agent (nullAgent=1) in every trajectory panel and in card impact', async () => {
    const d = await loadDashboard(await createActor('RESEARCHER'), { benchmark: bench, nullAgent: '1' });
    expect(d.filters.nullAgent).toBe(true);
    expect(d.trajectoryCount).toBe(3);
    expect(d.passRates.byModel.map((m) => [m.agent, m.trajectories, m.checkpointsPassed])).toEqual([[null, 3, 2]]);
    expect(d.coverage.total).toMatchObject({ failed: 4 });
    const impact = await cardImpact({ benchmark: bench, nullAgent: true }, { cardKeys: [card] });
    expect(impact.map((r) => [r.injected.trajectories, r.comparison.trajectories])).toEqual([[1, 2]]);
  });

  it('lists the same runs without an agent in the drill-down as the panels count, a blank agent included', async () => {
    const drill = await listDrillTrajectories(await createActor('RESEARCHER'), { benchmark: bench, nullAgent: '1' });
    expect(drill.total).toBe(3);
    expect(drill.items.map((t) => t.agent ?? '').sort()).toEqual(['', '', '']);
  });

  it('refuses "no agent" together with a named agent, saying both', async () => {
    await expect(
      loadDashboard(await createActor('RESEARCHER'), { benchmark: bench, agent, nullAgent: '1' }),
    ).rejects.toThrow(/Choose one agent/);
  });

  it('offers "No agent" in the Agent menu, selected and written to the URL as nullAgent=1', async () => {
    const html = await renderServerPage(
      DashboardPage({ searchParams: Promise.resolve({ benchmark: bench, nullAgent: '1' }) }),
    );
    expect(html).toMatch(/<option value="\(no agent\)" selected="">No agent<\/option>/);
    expect(html).toContain('<input type="hidden" name="nullAgent" value="1"/>');
    expect(html).not.toMatch(/name="agent"/); // the select's name is taken away: no agent= next to nullAgent=1
    const named = await renderServerPage(DashboardPage({ searchParams: Promise.resolve({ benchmark: bench, agent }) }));
    expect(named).toMatch(/<select name="agent"/);
    expect(named).toContain(`<option value="${agent}" selected="">`);
    expect(named).not.toContain('name="nullAgent"');
  });
});

describe('a link from a coverage point to the queue', () => {
  it('carries every dashboard filter, and the queue names the ones it cannot apply', async () => {
    const href = queueHref(
      { benchmark: bench, ability: 'airline', model: 'm', agent, from: '2026-01-05', to: '2026-01-11' },
      { assignee: 'u1' },
    );
    await signInTestRequest('ANNOTATOR'); // the queue is for the roles that diagnose
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({
      benchmark: bench,
      ability: 'airline',
      model: 'm',
      agent,
      from: '2026-01-05',
      to: '2026-01-11',
      assignee: 'u1',
    });
    const html = await renderServerPage(
      QueuePage({ searchParams: Promise.resolve({ benchmark: bench, agent, from: '2026-01-05', to: '2026-01-11' }) }),
    );
    expect(html).toContain('data-testid="queue-unapplied"');
    expect(html).toContain(`agent ${agent} · imported 2026-01-05 to 2026-01-11`);
    const noAgent = await renderServerPage(
      QueuePage({ searchParams: Promise.resolve({ benchmark: bench, nullAgent: '1', nullAbility: '1' }) }),
    );
    expect(noAgent).toContain('no agent · no ability');
    const plain = await renderServerPage(QueuePage({ searchParams: Promise.resolve({ benchmark: bench }) }));
    expect(plain).not.toContain('data-testid="queue-unapplied"');
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from '@/app/(console)/dashboard/page';
import ImpactPage from '@/app/(console)/dashboard/impact/page';
import ProposalsPage from '@/app/(console)/dashboard/proposals/page';
import { seedTrajectory, uid } from '../../helpers/factories';
import { renderServerPage as html, signInTestRequest } from '../../helpers/server-page';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));
// The charts' click-through needs the app router; the server render never clicks.
vi.mock('next/navigation', async (orig) => ({
  ...(await orig<typeof import('next/navigation')>()),
  useRouter: () => ({ push: () => undefined, refresh: () => undefined }),
}));

const bench = `scope-${uid()}`;

const scopeNotes = (page: string) =>
  [...page.matchAll(/data-testid="filter-scope"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</g)].map((m) =>
    m[1].replaceAll('<!-- -->', ''),
  );

beforeAll(async () => {
  await seedTrajectory({
    benchmark: bench,
    taskExternalId: 'x/1',
    model: 'm-scope',
    checkpoints: { c0: true, c1: false },
  });
  await signInTestRequest('RESEARCHER');
});

describe('dashboard sections that do not follow every filter', () => {
  it('say which set filters curation, review and bank do not follow', async () => {
    const page = await html(
      DashboardPage({ searchParams: Promise.resolve({ benchmark: bench, agent: 'react', from: '2026-01-01' }) }),
    );
    expect(scopeNotes(page)).toEqual([
      'Not filtered by benchmark, agent: proposals are counted by bank (ability) and the day they were made.',
      'Not filtered by benchmark, agent: decisions are counted by bank (ability) and the day they were made.',
      'Not filtered by benchmark, agent, import dates: the bank is counted by ability, week by week.',
    ]);
    expect(page).toContain('now, whatever the dates');
  });

  it('say nothing when only the filters they follow are set', async () => {
    expect(scopeNotes(await html(DashboardPage({ searchParams: Promise.resolve({ ability: 'airline' }) })))).toEqual(
      [],
    );
  });
});

describe('the proposals behind a dashboard point', () => {
  it("go back to the dashboard with the dashboard's filters, not the point's", async () => {
    const page = await html(
      ProposalsPage({
        searchParams: Promise.resolve({
          ability: 'airline',
          model: 'm-scope',
          agent: 'react',
          from: '2026-01-01',
          week: '2026-03-02',
          operation: 'ADD_CARD',
          page: '2',
        }),
      }),
    );
    expect(page).toContain('href="/dashboard?ability=airline&amp;model=m-scope&amp;agent=react&amp;from=2026-01-01"');
  });
});

describe('the card impact table under filters that match no injection', () => {
  it('says that nothing matches the filters, not that nothing was imported', async () => {
    await seedTrajectory({
      benchmark: bench,
      taskExternalId: 'x/2',
      model: 'm-scope',
      checkpoints: { c0: true },
      memoryCardIds: [`skill::scope_${uid()}`],
    });
    const filtered = await html(ImpactPage({ searchParams: Promise.resolve({ benchmark: bench, agent: 'nobody' }) }));
    expect(filtered).toContain('No card injections match these filters');
    expect(filtered).not.toContain('No card injections imported');
    expect(await html(ImpactPage({ searchParams: Promise.resolve({ benchmark: bench }) }))).toContain(
      'data-testid="impact-row"',
    );
  });
});

describe('annotator agreement on the dashboard', () => {
  it('names the agent among the filters it does not follow', async () => {
    // Drawn below figures only: these filters match the seeded trajectory.
    const page = await html(DashboardPage({ searchParams: Promise.resolve({ benchmark: bench }) }));
    expect(page).toContain('The model, agent and date filters do not apply here.');
  });
});

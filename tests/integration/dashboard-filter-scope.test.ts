import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from '@/app/(console)/dashboard/page';
import ProposalsPage from '@/app/(console)/dashboard/proposals/page';
import { login } from '@/lib/auth/sessions';
import { createUser, seedTrajectory, uid } from '../helpers/factories';
import { testRequest } from '../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));
// The charts' click-through needs the app router; the server render never clicks.
vi.mock('next/navigation', async (orig) => ({ ...(await orig<typeof import('next/navigation')>()), useRouter: () => ({ push: () => undefined, refresh: () => undefined }) }));

const bench = `scope-${uid()}`;

async function html(element: Promise<React.ReactElement>): Promise<string> {
  // The agreement panel below the figures reads through TanStack Query (loading on the server).
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, await element));
}
const scopeNotes = (page: string) => [...page.matchAll(/data-testid="filter-scope"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</g)].map((m) => m[1].replaceAll('<!-- -->', ''));

beforeAll(async () => {
  await seedTrajectory({ benchmark: bench, taskExternalId: 'x/1', model: 'm-scope', checkpoints: { c0: true, c1: false } });
  const user = await createUser('RESEARCHER', { password: 'password1' });
  const { token } = await login(user.email, 'password1');
  testRequest.current = new Request('http://console.test/dashboard', { headers: { cookie: `mc_session=${token}`, host: 'console.test' } });
});

describe('dashboard sections that do not follow every filter', () => {
  it('say which set filters curation, review and bank do not follow', async () => {
    const page = await html(DashboardPage({ searchParams: Promise.resolve({ benchmark: bench, agent: 'react', from: '2026-01-01' }) }));
    expect(scopeNotes(page)).toEqual([
      'Not filtered by benchmark, agent: proposals are counted by bank (ability) and the day they were made.',
      'Not filtered by benchmark, agent: decisions are counted by bank (ability) and the day they were made.',
      'Not filtered by benchmark, agent, import dates: the bank is counted by ability, week by week.',
    ]);
    expect(page).toContain('now, whatever the dates');
  });

  it('say nothing when only the filters they follow are set', async () => {
    expect(scopeNotes(await html(DashboardPage({ searchParams: Promise.resolve({ ability: 'airline' }) })))).toEqual([]);
  });
});

describe('the proposals behind a dashboard point', () => {
  it("go back to the dashboard with the dashboard's filters, not the point's", async () => {
    const page = await html(ProposalsPage({ searchParams: Promise.resolve({ ability: 'airline', model: 'm-scope', agent: 'react', from: '2026-01-01', week: '2026-03-02', operation: 'ADD_CARD', page: '2' }) }));
    expect(page).toContain('href="/dashboard?ability=airline&amp;model=m-scope&amp;agent=react&amp;from=2026-01-01"');
  });
});

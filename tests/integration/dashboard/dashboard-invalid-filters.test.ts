import { beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from '@/app/(console)/dashboard/page';
import { seedTrajectory, uid } from '../../helpers/factories';
import { renderServerPage, signInTestRequest } from '../../helpers/server-page';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));
// The charts' click-through needs the app router; the server render never clicks.
vi.mock('next/navigation', async (orig) => ({
  ...(await orig<typeof import('next/navigation')>()),
  useRouter: () => ({ push: () => undefined }),
}));

const bench = `invalid-${uid()}`;

/** The dashboard page as the server renders it for a signed-in researcher. */
const dashboardHtml = (query: Record<string, string>) =>
  renderServerPage(DashboardPage({ searchParams: Promise.resolve(query) }));

beforeAll(async () => {
  await seedTrajectory({
    benchmark: bench,
    taskExternalId: 'x/1',
    model: 'm-invalid',
    checkpoints: { c0: true, c1: false },
  });
  await signInTestRequest('RESEARCHER');
});

describe('the dashboard with a filter that is not valid', () => {
  it('says which filter is wrong and draws no figures, as the API refuses it with a 400', async () => {
    const html = await dashboardHtml({ benchmark: bench, from: 'yesterday' });
    expect(html).toContain('data-testid="dashboard-invalid-filters"');
    expect(html).toContain('No figures are shown: a filter is not valid.');
    expect(html).toMatch(/&quot;from&quot; parameter is not valid \(expected a date as YYYY-MM-DD\)/);
    // No stat, no chart panel: figures that ignore every filter would read as the answer.
    expect(html).not.toContain('data-testid="dashboard-stats"');
    expect(html).not.toContain('data-testid="panel-');
    // The way on keeps the valid filter and drops the wrong one.
    expect(html).toContain(`href="/dashboard?benchmark=${bench}"`);
    expect(html).toContain('Show the dashboard without &quot;from&quot;');
  });

  it('refuses a range that ends before it starts the same way', async () => {
    const html = await dashboardHtml({ benchmark: bench, from: '2026-03-02', to: '2026-03-01' });
    expect(html).toContain(
      '&quot;to&quot; parameter is not valid (the range ends (2026-03-01) before it starts (2026-03-02)',
    );
    expect(html).not.toContain('data-testid="dashboard-stats"');
  });

  it('draws the figures for valid filters', async () => {
    const html = await dashboardHtml({ benchmark: bench });
    expect(html).not.toContain('dashboard-invalid-filters');
    expect(html).toContain('data-testid="dashboard-stats"');
    expect(html).toContain('data-testid="panel-pass-rate-by-model"');
  });
});

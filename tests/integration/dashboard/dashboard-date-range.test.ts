import { describe, expect, it } from 'vitest';
import { errorResponse } from '@/lib/http/route';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { loadDashboard } from '@/lib/dashboard/load-dashboard';
import { impactQuerySchema } from '@/lib/dashboard/read-card-impact';
import { createActor } from '../../helpers/factories';

const INVERTED = { from: '2026-12-05', to: '2026-12-01' };
const MESSAGE = 'The range ends (2026-12-01) before it starts (2026-12-05): "to" must be on or after "from"';

describe('a dashboard date range that ends before it starts', () => {
  it('is refused with a 400 naming both dates, not answered with 0 trajectories', async () => {
    const actor = await createActor('RESEARCHER');
    const err = await loadDashboard(actor, INVERTED).catch((e: unknown) => e);
    const res = errorResponse(err);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      code: 'VALIDATION',
      message: `Invalid request: to: ${MESSAGE}`,
      details: [{ path: 'to', message: MESSAGE }],
    });
  });

  it('is refused by the drill-down lists and card impact too, and a one-day range is fine', async () => {
    const actor = await createActor('RESEARCHER');
    await expect(listDrillTrajectories(actor, { ...INVERTED, page: '1' })).rejects.toMatchObject({
      issues: [{ path: ['to'], message: MESSAGE }],
    });
    expect(impactQuerySchema.safeParse(INVERTED).success).toBe(false);
    expect((await loadDashboard(actor, { from: '2026-12-01', to: '2026-12-01' })).trajectoryCount).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GET as cardsRoute } from '@/app/api/cards/route';
import { createSkillCard } from '../../helpers/bank-factories';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { FAILED as F, PASSED as P, monthlyReleases, seedArmRuns } from '../../helpers/compare-arms';
import { uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

type Row = { key: string; helped: number; hurt: number };

describe('GET /api/cards: the bank sorted and filtered by each card’s record', () => {
  it('sorts by helped or hurt and keeps the cards that hurt more than they helped', async () => {
    const ability = `rec-${uid()}`;
    const [r1, r2] = await monthlyReleases('r1', 'r2');
    const [good, bad, mixed, idle] = await Promise.all(
      [1, 2, 3, 4].map(async () => (await createSkillCard({ ability })).card),
    );
    // good: helped 2; bad: hurt 2, helped 1; mixed: helped 1, hurt 1 (not "hurt more"); idle: no pairs.
    await seedArmRuns(ability, [
      { task: 't1', trial: 0, release: r1, cps: F },
      { task: 't1', trial: 0, release: r2, cps: P, cards: [good.key, bad.key] },
      { task: 't2', trial: 0, release: r1, cps: F },
      { task: 't2', trial: 0, release: r2, cps: P, cards: [good.id, mixed.key] },
      { task: 't3', trial: 0, release: r1, cps: P },
      { task: 't3', trial: 0, release: r2, cps: F, cards: [bad.key, mixed.key] },
      { task: 't4', trial: 0, release: r1, cps: P },
      { task: 't4', trial: 0, release: r2, cps: F, cards: [bad.id] },
    ]);
    const { cookie } = await sessionCookie('ANNOTATOR');
    const list = async (extra: string) => {
      const res = await callRoute(cardsRoute, `/api/cards?ability=${ability}${extra}`, { cookie });
      expect(res.status).toBe(200);
      const body = await res.json();
      return { total: body.total as number, rows: (body.items as Row[]).map((r) => [r.key, r.helped, r.hurt]) };
    };

    expect((await list('&sort=hurt')).rows).toEqual([
      [bad.key, 1, 2],
      [mixed.key, 1, 1],
      // Equal hurt: fewer helped first (worst first).
      [idle.key, 0, 0],
      [good.key, 2, 0],
    ]);
    expect((await list('&sort=helped')).rows).toEqual([
      [good.key, 2, 0],
      [mixed.key, 1, 1],
      [bad.key, 1, 2],
      [idle.key, 0, 0],
    ]);
    expect(await list('&sort=hurt&record=hurt-more')).toEqual({ total: 1, rows: [[bad.key, 1, 2]] });
    // The default order carries the record too.
    expect((await list('')).rows.find((r) => r[0] === mixed.key)).toEqual([mixed.key, 1, 1]);

    const bad400 = await callRoute(cardsRoute, `/api/cards?record=worse`, { cookie });
    expect(bad400.status).toBe(400);
    expect(JSON.stringify(await bad400.json())).toContain('record');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GET as versionRoute } from '@/app/api/cards/[cardId]/versions/[number]/route';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { addVersion, createSkillCard, skillContent } from '../../helpers/bank-factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

describe('GET /api/cards/:card/versions/:number', () => {
  it('names the parameter that is not a version number', async () => {
    const { card } = await createSkillCard();
    await addVersion(card.id, skillContent({ title: 'Read every page, then choose' }));
    const { cookie } = await sessionCookie('RESEARCHER');
    const get = async (path: string, number: string) => {
      const res = await callRoute(versionRoute, `/api/cards/${card.id}/versions/${path}`, {
        cookie,
        params: { cardId: card.id, number },
      });
      return { status: res.status, body: await res.json() };
    };
    const diff = await get('2?compare=1', '2');
    expect(diff.status).toBe(200);
    expect(diff.body.diff.find((c: { path: string }) => c.path === 'title')).toMatchObject({ changed: true });

    const badNumber = await get('abc', 'abc');
    expect(badNumber).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION', message: 'Invalid request: number: a version number (1, 2, …)' } },
    });
    const badCompare = await get('2?compare=x', '2');
    expect(badCompare).toMatchObject({
      status: 400,
      body: {
        error: { message: 'Invalid request: compare: a version number (1, 2, …)', details: [{ path: 'compare' }] },
      },
    });
    expect((await get('2?compare=0', '2')).body.error.message).toBe(
      'Invalid request: compare: a version number (1, 2, …)',
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GET as runsRoute } from '@/app/api/reflection/runs/route';
import { prisma } from '@/lib/db/prisma';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor, ensureTask, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function fiveRunsAndAToken() {
  const { id: taskId } = await ensureTask({ benchmark: `page-size-${uid()}`, externalId: 'runs/1' });
  for (let i = 0; i < 5; i++)
    await prisma.reflectionRun.create({ data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED' } });
  const { token } = await createApiToken(await createActor('ADMIN'), { name: 'runs', role: 'RESEARCHER' });
  const get = async (query: string) => {
    const res = await callRoute(runsRoute, `/api/reflection/runs?taskId=${taskId}&${query}`, { token });
    return { status: res.status, body: await res.json() };
  };
  return { get };
}

describe('GET /api/reflection/runs?pageSize=', () => {
  it('answers pages of the size asked for, with the page count to match', async () => {
    const { get } = await fiveRunsAndAToken();
    const first = await get('pageSize=2');
    expect(first.status).toBe(200);
    expect({
      n: first.body.items.length,
      pageSize: first.body.pageSize,
      total: first.body.total,
      pageCount: first.body.pageCount,
    }).toEqual({ n: 2, pageSize: 2, total: 5, pageCount: 3 });
    const last = await get('pageSize=2&page=3');
    expect(last.body.items).toHaveLength(1);
    const next = await get(`pageSize=2&after=${first.body.cursors.after}`);
    expect(next.body.items.map((r: { id: string }) => r.id)).toEqual(
      (await get('pageSize=4')).body.items.slice(2, 4).map((r: { id: string }) => r.id),
    );
    expect((await get('')).body.pageSize).toBe(25);
  });

  it('refuses a page size outside 1–200 with a 400 naming pageSize, as the other lists do', async () => {
    const { get } = await fiveRunsAndAToken();
    for (const bad of ['0', '201', 'ten', '2.5']) {
      const { status, body } = await get(`pageSize=${bad}`);
      expect({ status, paths: body.error.details.map((d: { path: string }) => d.path) }).toEqual({
        status: 400,
        paths: ['pageSize'],
      });
      expect(body.error.message).toMatch(/pageSize/);
    }
  });
});

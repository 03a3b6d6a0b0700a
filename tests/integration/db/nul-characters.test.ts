import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { GET as cardRoute } from '@/app/api/cards/[cardId]/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { POST as taxonomyPost } from '@/app/api/taxonomy/route';
import { login } from '@/lib/users/sessions';
import { prisma } from '@/lib/db/prisma';
import { createUser, uid } from '../../helpers/factories';
import { testRequest } from '../../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function adminCookie() {
  const admin = await createUser('ADMIN', { password: 'nul-password' });
  return `mc_session=${(await login(admin.email, 'nul-password', '127.0.0.10')).token}`;
}

function request(url: string, cookie: string, body?: string) {
  const headers = new Headers({ cookie, host: 'console.test', origin: 'http://console.test' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const req = new NextRequest(`http://console.test${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
  });
  testRequest.current = req;
  return req;
}

async function expectRefused(res: Response, where: string) {
  expect(res.status).toBe(400);
  const { error } = await res.json();
  expect(error.code).toBe('VALIDATION');
  expect(error.message).toBe(
    `${where} contains a NUL character (\\u0000), which cannot be stored or searched: remove it`,
  );
  expect(error.details).toEqual([{ path: where, message: 'contains a NUL character (\\u0000)' }]);
}

describe('a NUL character (\\u0000) in a request', () => {
  it('is refused 400 naming the query parameter, also in a repeated one (it was a 500 from the database)', async () => {
    const cookie = await adminCookie();
    await expectRefused(
      await queueRoute(request('/api/queue?benchmark=a%00b', cookie), { params: Promise.resolve({}) }),
      'query.benchmark',
    );
    await expectRefused(
      await queueRoute(request('/api/queue?model=ok&model=x%00', cookie), { params: Promise.resolve({}) }),
      'query.model',
    );
    const fine = await queueRoute(request(`/api/queue?benchmark=none-${uid()}`, cookie), {
      params: Promise.resolve({}),
    });
    expect(fine.status).toBe(200);
  });

  it('is refused 400 naming the path parameter', async () => {
    const cookie = await adminCookie();
    await expectRefused(
      await cardRoute(request('/api/cards/x%00', cookie), { params: Promise.resolve({ cardId: 'x\u0000' }) }),
      'path.cardId',
    );
  });

  it('is refused 400 naming the field of the JSON body, and nothing is written', async () => {
    const cookie = await adminCookie();
    const key = `nul-${uid()}`.toLowerCase().slice(0, 40);
    await expectRefused(
      await taxonomyPost(request('/api/taxonomy', cookie, JSON.stringify({ key, label: 'Wrong\u0000tool' })), {
        params: Promise.resolve({}),
      }),
      'body.label',
    );
    expect(await prisma.failureCategory.count({ where: { key } })).toBe(0);
    const created = await taxonomyPost(request('/api/taxonomy', cookie, JSON.stringify({ key, label: 'Wrong tool' })), {
      params: Promise.resolve({}),
    });
    expect(created.status).toBeLessThan(300);
  });
});

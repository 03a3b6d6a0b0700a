import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { DELETE as revokeRoute } from '@/app/api/admin/tokens/[id]/route';
import { login } from '@/lib/users/sessions';
import { prisma } from '@/lib/db/prisma';
import { createApiToken, revokeApiToken } from '@/lib/users/api-tokens';
import { createActor, createUser } from '../../helpers/factories';
import { testRequest } from '../../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

function deleteRequest(id: string, cookie: string) {
  const req = new NextRequest(`http://console.test/api/admin/tokens/${id}`, {
    method: 'DELETE',
    headers: { cookie, host: 'console.test', origin: 'http://console.test' },
  });
  testRequest.current = req;
  return revokeRoute(req, { params: Promise.resolve({ id }) });
}

describe('revoking an API token', () => {
  it('is idempotent: a second revoke answers 204 again, keeps the first revokedAt and writes no second audit entry', async () => {
    const admin = await createUser('ADMIN', { password: 'revoke-password' });
    const cookie = `mc_session=${(await login(admin.email, 'revoke-password', '127.0.0.11')).token}`;
    const { id } = await createApiToken(
      { userId: admin.id, name: admin.name, email: admin.email, role: 'ADMIN', via: 'session' },
      { name: 'twice', role: 'RESEARCHER' },
    );

    expect((await deleteRequest(id, cookie)).status).toBe(204);
    const first = (await prisma.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt;
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect((await deleteRequest(id, cookie)).status).toBe(204);

    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toEqual(first);
    expect(await prisma.auditLog.count({ where: { action: 'token.revoke', entityId: id } })).toBe(1);
  });

  it('revokes once when two revokes race, and still answers 404 for an unknown token', async () => {
    const admin = await createActor('ADMIN');
    const { id } = await createApiToken(admin, { name: 'race', role: 'REVIEWER' });
    const results = await Promise.all([revokeApiToken(admin, id), revokeApiToken(admin, id)]);
    expect(results.map((r) => r.revoked).sort()).toEqual([false, true]);
    expect(await prisma.auditLog.count({ where: { action: 'token.revoke', entityId: id } })).toBe(1);
    await expect(revokeApiToken(admin, 'no-such-token')).rejects.toMatchObject({ status: 404 });
  });
});

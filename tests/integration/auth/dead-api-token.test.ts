import { describe, expect, it, vi } from 'vitest';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { GET as releasesRoute } from '@/app/api/releases/route';
import { FREE_TOKEN_FAILURES } from '@/lib/auth/login-throttle';
import { prisma } from '@/lib/db/prisma';
import { createApiToken, revokeApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/** GET /api/releases with `token` from an address of the test's own; the status and the error. */
async function presented(token: string, address: string) {
  const res = await callRoute(releasesRoute, '/api/releases', { token, headers: { 'x-forwarded-for': address } });
  const body = res.status === 200 ? null : await res.json();
  return { status: res.status, reason: body?.error.reason, message: body?.error.message as string | undefined };
}

async function researcherToken(name: string, expiresInDays?: number) {
  const admin = await createActor('ADMIN');
  return { admin, ...(await createApiToken(admin, { name, role: 'RESEARCHER', expiresInDays })) };
}

describe('a revoked or expired API token is told why it is refused', () => {
  it('answers a revoked token 401 TOKEN_REVOKED saying when, where an unknown token keeps the generic message', async () => {
    const { admin, id, token } = await researcherToken('ci-import');
    expect((await presented(token, `10.7.${uid()}`)).status).toBe(200);
    await revokeApiToken(admin, id);
    const { revokedAt } = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
    const at = `${revokedAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

    expect(await presented(token, `10.7.${uid()}`)).toEqual({
      status: 401,
      reason: 'TOKEN_REVOKED',
      message: `This API token ("ci-import") was revoked on ${at}. Ask an admin for a new one.`,
    });
    expect(await presented(`${token}x`, `10.7.${uid()}`)).toEqual({
      status: 401,
      reason: 'NOT_SIGNED_IN',
      message: 'Sign in first (or send an API token)',
    });
  });

  it('answers an expired token 401 TOKEN_EXPIRED saying when', async () => {
    const { id, token } = await researcherToken('nightly', 30);
    const expiresAt = new Date(Date.UTC(2026, 0, 2, 3, 4));
    await prisma.apiToken.update({ where: { id }, data: { expiresAt } });
    expect(await presented(token, `10.7.${uid()}`)).toEqual({
      status: 401,
      reason: 'TOKEN_EXPIRED',
      message: 'This API token ("nightly") expired on 2026-01-02 03:04 UTC. Ask an admin for a new one.',
    });
  });

  it('answers a token whose owner was deactivated 401 TOKEN_DISABLED saying so', async () => {
    const { admin, token } = await researcherToken('owner-left');
    // The token belongs to the admin who made it; deactivating them disables it without revoking it.
    await prisma.user.update({ where: { id: admin.userId }, data: { active: false } });
    expect(await presented(token, `10.7.${uid()}`)).toEqual({
      status: 401,
      reason: 'TOKEN_DISABLED',
      message:
        'This API token ("owner-left") no longer works: its owner\'s account is deactivated. Ask an admin for a new one.',
    });
  });

  it(`still counts a revoked token as an invalid one: after ${FREE_TOKEN_FAILURES} from one address, 429`, async () => {
    const { admin, id, token } = await researcherToken('leaked');
    await revokeApiToken(admin, id);
    const address = `10.8.${uid()}`;
    for (let i = 0; i < FREE_TOKEN_FAILURES; i++)
      expect((await presented(token, address)).reason).toBe('TOKEN_REVOKED');
    expect((await presented(token, address)).status).toBe(429);
    // The throttle is per address: another one is still told why.
    expect((await presented(token, `10.8.${uid()}`)).reason).toBe('TOKEN_REVOKED');
  });

  it('lets a public route (the OpenAPI document) answer a caller whose token was revoked, as anonymous', async () => {
    const { admin, id, token } = await researcherToken('old-runtime');
    await revokeApiToken(admin, id);
    expect(
      (await callRoute(openApiRoute, '/api/openapi.json', { token, headers: { 'x-forwarded-for': `10.9.${uid()}` } }))
        .status,
    ).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { databaseOutage, type DatabaseOutage } from '../../helpers/database-outage';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

let outage: DatabaseOutage;
let cookie: string;

beforeAll(async () => {
  // Before anything connects: every pool of the app goes through the relay.
  outage = await databaseOutage(process.env.DATABASE_URL!);
  process.env.DATABASE_URL = outage.url;
  ({ cookie } = await sessionCookie('ANNOTATOR'));
});
afterAll(async () => {
  await outage.restore().catch(() => undefined);
  await disconnectDatabase();
  await outage.close();
});

/** The answer while PostgreSQL is down: 503 with Retry-After, in JSON, saying so, not 500 INTERNAL. */
async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()).error;
  expect(body).toMatchObject({ code: 'UNAVAILABLE', reason: 'DATABASE_UNAVAILABLE' });
  expect(body.message).toMatch(/database cannot be reached/);
}

describe('with PostgreSQL down', () => {
  it('answers every API 503 with Retry-After, and serves again once it is back', async () => {
    expect((await callRoute(meRoute, '/api/auth/me', { cookie })).status).toBe(200);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await outage.cut();
    // The caller's session lookup (the `postgres` pool) and a list read both meet the outage.
    await expectUnavailable(await callRoute(meRoute, '/api/auth/me', { cookie }));
    await expectUnavailable(await callRoute(queueRoute, '/api/queue', { cookie }));
    // An anonymous sign-in (Prisma and the throttle's store).
    await expectUnavailable(
      await callRoute(loginRoute, '/api/auth/login', {
        body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever-password' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    // Expected while the database is down: logged as a warning, not as an internal error with a stack.
    expect(error.mock.calls.filter(([first]) => first instanceof Error)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/database cannot be reached/));
    await outage.restore();
    vi.restoreAllMocks();
    // The pools reconnect by themselves on the next request.
    await expect
      .poll(async () => (await callRoute(meRoute, '/api/auth/me', { cookie })).status, { timeout: 15_000 })
      .toBe(200);
    expect((await callRoute(queueRoute, '/api/queue', { cookie })).status).toBe(200);
  });
});

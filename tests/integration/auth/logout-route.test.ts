import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { POST as logoutRoute } from '@/app/api/auth/logout/route';
import { actorFromSession, login } from '@/lib/users/sessions';
import { createUser } from '@/lib/users/manage-users';
import { createActor, uid } from '../../helpers/factories';
import { testRequest } from '../../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function signedIn() {
  const admin = await createActor('ADMIN');
  const email = `out-${uid()}@test.local`;
  await createUser(admin, { email, name: 'Leaving', role: 'ANNOTATOR', password: 'password1' });
  return (await login(email, 'password1')).token;
}

function post(token: string, init: { contentType?: string; body?: string; origin?: string }) {
  const headers = new Headers({ cookie: `mc_session=${token}`, host: 'console.test' });
  if (init.contentType) headers.set('content-type', init.contentType);
  if (init.origin) headers.set('origin', init.origin);
  const req = new NextRequest('http://console.test/api/auth/logout', { method: 'POST', headers, body: init.body });
  testRequest.current = req;
  return logoutRoute(req, { params: Promise.resolve({}) });
}

/** A plain HTML form post of the logout button, from a page at `origin`. */
const formFrom = (origin: string) => ({ contentType: 'application/x-www-form-urlencoded', body: '', origin });

describe('logging out', () => {
  it('answers a plain HTML form post (a page not yet hydrated) with a redirect to the login page and ends the session', async () => {
    const token = await signedIn();
    const res = await post(token, formFrom('http://console.test'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(res.headers.get('set-cookie')).toMatch(/mc_session=;/);
    expect(await actorFromSession(token)).toBeNull();
  });

  it("answers the button's fetch with 204 and no redirect", async () => {
    const token = await signedIn();
    const res = await post(token, {});
    expect(res.status).toBe(204);
    expect(res.headers.get('location')).toBeNull();
    expect(await actorFromSession(token)).toBeNull();
  });

  it('refuses a form posted from another site and keeps the session', async () => {
    const token = await signedIn();
    const res = await post(token, formFrom('http://evil.test'));
    expect(res.status).toBe(403);
    expect(await actorFromSession(token)).not.toBeNull();
  });
});

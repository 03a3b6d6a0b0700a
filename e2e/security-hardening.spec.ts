import { expect, test } from '@playwright/test';
import { OPEN_REDIRECT_PAYLOADS } from '../tests/helpers/redirect-payloads';
import { loginWithReturn, signInReturningTo } from './helpers';

// Issue 41 against the served app: what a hostile link or request gets from the real router.

test('a return address that normalises to another host never leaves the site, signing in or signed in', async ({
  page,
}) => {
  // Signing in through the form (the browser's own redirect).
  await signInReturningTo(page, '/.//evil.example');
  await expect(page).toHaveURL('/queue');
  // Already signed in: the login page's server redirect, for the whole family.
  for (const next of OPEN_REDIRECT_PAYLOADS) {
    const res = await page.request.get(loginWithReturn(next), { maxRedirects: 0 });
    const location = res.headers()['location'] ?? '';
    expect(res.status(), next).toBeGreaterThanOrEqual(300);
    expect(new URL(location, 'http://console.test').origin, `${JSON.stringify(next)} → ${location}`).toBe(
      'http://console.test',
    );
  }
});

test('a path segment that does not percent-decode is a 400, in JSON for the API', async ({ request }) => {
  for (const path of ['/api/cards/%ff', '/api/releases/%e0%a4/export']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect((await res.json()).error, path).toMatchObject({ code: 'VALIDATION', details: [{ path: 'path' }] });
  }
  const page = await request.get('/cards/%ff', { maxRedirects: 0 });
  expect(page.status()).toBe(400);
  // A path that decodes is served as before.
  expect((await request.get('/api/cards/skill%3A%3Ano-such-card')).status()).toBe(401);
});

test('a sign-in from "Origin: null" is refused 403, not a 500', async ({ request }) => {
  const res = await request.post('/api/auth/login', {
    headers: { origin: 'null', 'content-type': 'application/json' },
    data: { email: 'annotator@demo.local', password: 'whatever-password' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe('FORBIDDEN');
});

import { expect, test } from '@playwright/test';

// Trajectory and card text is untrusted: React escapes it, and these headers are the second line of defence
// (no inline script from elsewhere, no framing, no MIME sniffing). The served app must send them everywhere.
const expected = {
  'content-security-policy': /default-src 'self'.*object-src 'none'.*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^same-origin$/,
};

for (const [what, path] of [
  ['the login page', '/login'],
  ['a signed-out console page (redirected)', '/queue'],
  ['a public API answer', '/api/health'],
  ['an API refusal', '/api/auth/me'],
] as const) {
  test(`${what} carries the security headers`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    const headers = res.headers();
    for (const [name, pattern] of Object.entries(expected))
      expect(headers[name], `${name} on ${path} (${res.status()})`).toMatch(pattern);
  });
}

// One user's data must not be kept by a shared proxy or the back/forward cache (lib/http/route.ts);
// the release export and the live streams keep their own (ETag revalidation, no-cache).
test('API answers, signed in or refused, are marked private, no-store', async ({ request }) => {
  for (const path of ['/api/health', '/api/auth/me', '/api/cards?page=abc']) {
    const res = await request.get(path);
    expect(res.headers()['cache-control'], `${path} (${res.status()})`).toBe('private, no-store');
  }
});

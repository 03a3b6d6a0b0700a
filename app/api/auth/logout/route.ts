import { NextResponse } from 'next/server';
import { logout, SESSION_COOKIE } from '@/lib/users/sessions';
import { publicRoute } from '@/lib/http/route';

/**
 * Ends the caller's session. The "Log out" button posts here with fetch (204);
 * before the page's JavaScript has loaded it submits as a plain HTML form,
 * which gets a 303 to the login page instead (see components/shell/logout-button.tsx).
 */
export const POST = publicRoute(async ({ req }) => {
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  if (token) await logout(token);
  const fromForm = req.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded') ?? false;
  // A relative Location: behind a proxy the request's own URL may name an internal host.
  const res = new NextResponse(null, fromForm ? { status: 303, headers: { location: '/login' } } : { status: 204 });
  res.cookies.delete(SESSION_COOKIE);
  return res;
});

import { NextRequest } from 'next/server';
import { login } from '@/lib/users/sessions';
import { createUser } from './factories';
import { testRequest } from './next-headers-mock';

type Handler<P> = (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * Calls a route handler the way Next would: as a bearer token's caller or a
 * browser session's (same-origin, as the console's own pages send), from an
 * address of its own (the token throttle counts per address). The test file
 * must mock next/headers with next-headers-mock.ts.
 */
export function callRoute<P = Record<string, never>>(
  handler: Handler<P>,
  url: string,
  init: {
    method?: string;
    token?: string;
    cookie?: string;
    body?: string | Uint8Array<ArrayBuffer>;
    params?: P;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = { host: 'console.test', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) Object.assign(headers, { cookie: init.cookie, origin: 'http://console.test' });
  const req = new NextRequest(`http://console.test${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body,
  });
  testRequest.current = req;
  return handler(req, { params: Promise.resolve(init.params ?? ({} as P)) });
}

/** A signed-in user of `role` and the session cookie their browser would send. */
export async function sessionCookie(
  role: Parameters<typeof createUser>[0],
): Promise<{ user: Awaited<ReturnType<typeof createUser>>; cookie: string }> {
  const user = await createUser(role, { password: 'route-password' });
  return { user, cookie: `mc_session=${(await login(user.email, 'route-password', '127.0.0.21')).token}` };
}

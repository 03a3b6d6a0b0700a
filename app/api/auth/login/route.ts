import { NextResponse } from 'next/server';
import { homeFor } from '@/lib/auth/navigation';
import { clientAddress } from '@/lib/auth/login-throttle';
import { loginSchema } from '@/lib/auth/login-schema';
import { login, SESSION_COOKIE } from '@/lib/users/sessions';
import { env } from '@/lib/env';
import { publicRoute, readJson } from '@/lib/http/route';

export const POST = publicRoute(async ({ req }) => {
  const { email, password } = loginSchema.parse(await readJson(req));
  const { token, expiresAt, actor } = await login(email, password, clientAddress(req.headers));
  const res = NextResponse.json({
    user: { name: actor.name, email: actor.email, role: actor.role },
    home: homeFor(actor.role),
  });
  res.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().PUBLIC_URL?.startsWith('https://') ?? false,
    path: '/',
    expires: expiresAt,
  });
  return res;
});

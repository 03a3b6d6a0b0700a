import { NextResponse } from 'next/server';
import { logout, SESSION_COOKIE } from '@/lib/auth/sessions';
import { publicRoute } from '@/lib/http/route';

export const POST = publicRoute(async ({ req }) => {
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  if (token) await logout(token);
  const res = new NextResponse(null, { status: 204 });
  res.cookies.delete(SESSION_COOKIE);
  return res;
});

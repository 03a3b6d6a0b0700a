import { NextResponse, type NextRequest } from 'next/server';
import { RETURN_PATH_HEADER } from '@/lib/auth/return-path';
import { malformedPathResponse } from '@/lib/http/malformed-path';

/**
 * Tells the console pages their own path and query (a server component is not given its URL),
 * so a signed-out visitor is sent to the login page with the way back to the page they opened
 * (lib/users/current-actor.ts). Always set here, so a header sent by the browser never gets through.
 */
export function proxy(req: NextRequest) {
  // A path that does not percent-decode fails in the router after this, as a plain-text 500.
  const malformed = malformedPathResponse(req.nextUrl.pathname);
  if (malformed) return malformed;
  if (req.nextUrl.pathname.startsWith('/api/')) return NextResponse.next();
  const search = new URLSearchParams(req.nextUrl.search);
  // The router's own cache-busting parameter of a client-side navigation is not part of the page's link.
  search.delete('_rsc');
  const headers = new Headers(req.headers);
  headers.set(RETURN_PATH_HEADER, `${req.nextUrl.pathname}${search.size ? `?${search}` : ''}`);
  return NextResponse.next({ request: { headers } });
}

// Pages only: not the API, the build's assets or the login page itself; and API paths with a
// percent sign, for the check above only.
// The OTLP receiver (/v1/) is an API too: a proxy would also buffer its bodies (up to 10 MB) before the route's own limit.
export const config = { matcher: ['/((?!api/|v1/|_next/|login|favicon\\.ico).*)', '/api/:rest(.*%.*)'] };

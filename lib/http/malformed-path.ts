/**
 * A request path whose percent-encoding does not decode ("%ff", "%e0%a4", a lone "%") fails
 * inside Next's router, before any route handler runs, and was answered with a plain-text
 * 500 "Internal Server Error". The proxy (proxy.ts) answers it first: a JSON 400 naming the
 * bad segment for the API, a plain 400 for pages. Pure, so the proxy and tests share it.
 */
function firstBadSegment(pathname: string): string | null {
  for (const segment of pathname.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

export function malformedPathResponse(pathname: string): Response | null {
  const bad = firstBadSegment(pathname);
  if (bad === null) return null;
  const message = `The path segment "${bad.slice(0, 100)}" is not valid percent-encoding (each % must start a UTF-8 byte like %C3%A9)`;
  const headers = { 'cache-control': 'private, no-store' };
  if (pathname.startsWith('/api/'))
    return Response.json(
      { error: { code: 'VALIDATION', message, details: [{ path: 'path', message: 'not valid percent-encoding' }] } },
      { status: 400, headers },
    );
  return new Response(`Bad request: ${message}.\n`, {
    status: 400,
    headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
  });
}

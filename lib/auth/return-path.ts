/**
 * Where signing in returns to: the console page a signed-out visitor (or an expired session)
 * opened, carried through the login page as `?next=`. Pure (the proxy imports it too).
 */

/** The request header the proxy sets with the page's path and query (see proxy.ts). */
export const RETURN_PATH_HEADER = 'x-console-return-path';

/** The login page's parameter that carries the page to return to. */
export const RETURN_PARAM = 'next';

// A stand-in origin: a path that resolves to any other origin is not one of ours.
const HERE = 'http://console.invalid';

/**
 * `raw` when it is a path of this site, normalised; null for anything else. An open redirect
 * must not be possible: only a single leading "/" (not "//host" or "/\host", which browsers
 * read as another host), no scheme, no backslash or control character anywhere (browsers drop
 * tabs and newlines, so "/\t/evil" would become "//evil"), and never the login page itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 4000 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || url.pathname === '/login' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that returns to `path` afterwards (plain /login for the start page or an unusable path). */
export function loginHref(path: string | null | undefined): string {
  const back = safeReturnPath(path);
  return back && back !== '/' ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/login';
}

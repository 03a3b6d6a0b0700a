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
 * A single-"/" path with nothing a browser reads as another host: not "//host" or "/\\host" (both
 * leave the site), no backslash or control character anywhere (browsers drop tabs and newlines, so
 * "/\t/evil" would become "//evil").
 */
function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(path);
}

/**
 * `raw` when it is a path of this site, normalised; null for anything else. An open redirect
 * must not be possible, so the checks apply to the path that is redirected to, not only to
 * what was asked: normalising resolves dot segments ("/.//evil" and "/a/..//evil" become
 * "//evil"), and a server or proxy on the way may decode "%2f" and "%5c", so the decoded path
 * must pass too. No scheme, never the login page itself, never the API.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 4000 || !isOwnPath(raw)) return null;
  let url: URL;
  let decoded: string;
  try {
    url = new URL(raw, HERE);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.origin !== HERE || !isOwnPath(url.pathname) || !isOwnPath(decoded)) return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/api/')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the browser will be sent to, read back once more as it will read it: still this site.
  return new URL(path, HERE).origin === HERE ? path : null;
}

/** The login page that returns to `path` afterwards (plain /login for the start page or an unusable path). */
export function loginHref(path: string | null | undefined): string {
  const back = safeReturnPath(path);
  return back && back !== '/' ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/login';
}

/**
 * Where the login form sends the browser once signed in: `next` if it is still a path of this
 * site, else the role's `home` from the server, else the start page. Checked again in the
 * browser, so a `next` that reached the form some other way cannot become an open redirect.
 */
export function afterSignIn(next: string | null | undefined, home: string | null | undefined): string {
  return safeReturnPath(next) ?? (home && isOwnPath(home) ? home : '/');
}

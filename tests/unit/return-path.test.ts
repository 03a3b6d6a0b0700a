import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { afterSignIn, loginHref, RETURN_PATH_HEADER, safeReturnPath } from '@/lib/auth/return-path';
import { proxy } from '@/proxy';
import { OPEN_REDIRECT_PAYLOADS } from '../helpers/redirect-payloads';

describe('the page signing in returns to', () => {
  it('is a path of this site with its query', () => {
    expect(safeReturnPath('/queue?model=X')).toBe('/queue?model=X');
    expect(safeReturnPath('/cards/skill%3A%3Aa?status=all#v2')).toBe('/cards/skill%3A%3Aa?status=all#v2');
  });

  it('is refused for another site however it is spelled (an open redirect)', () => {
    for (const raw of OPEN_REDIRECT_PAYLOADS) expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
  });

  it('is checked as the path it normalises to, which must still be this site', () => {
    // Dot segments that stay on the site are resolved, not refused.
    expect(safeReturnPath('/a/../queue')).toBe('/queue');
    expect(safeReturnPath('/./reviews?status=all')).toBe('/reviews?status=all');
    // An encoded slash inside a path (a card key) is kept as it was.
    expect(safeReturnPath('/cards/a%2Fb')).toBe('/cards/a%2Fb');
  });

  it('is refused for the login page itself, the API and nothing at all', () => {
    expect(safeReturnPath('/login?next=/queue')).toBeNull();
    expect(safeReturnPath('/api/auth/me')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('where the login form goes once signed in', () => {
  it('is the page asked for when it is ours, else the role’s home', () => {
    expect(afterSignIn('/queue?model=X', '/reviews')).toBe('/queue?model=X');
    expect(afterSignIn(null, '/reviews')).toBe('/reviews');
  });

  it('never leaves the site, whatever `next` reached the form', () => {
    for (const raw of OPEN_REDIRECT_PAYLOADS) expect(afterSignIn(raw, '/queue'), JSON.stringify(raw)).toBe('/queue');
    expect(afterSignIn('//evil.example', '//evil.example')).toBe('/');
  });
});

describe('the login link of a signed-out page', () => {
  it('carries the page and its query, encoded', () => {
    expect(loginHref('/queue?model=X')).toBe('/login?next=%2Fqueue%3Fmodel%3DX');
  });

  it('is the bare login page for the start page or a path that is not ours', () => {
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('//evil.example')).toBe('/login');
    expect(loginHref(null)).toBe('/login');
  });
});

describe('the proxy', () => {
  const seen = (url: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(url, { headers })).headers.get(`x-middleware-request-${RETURN_PATH_HEADER}`);

  it('tells the page its path and query, without the router’s _rsc parameter', () => {
    expect(seen('http://localhost/queue?model=X')).toBe('/queue?model=X');
    expect(seen('http://localhost/reviews?status=all&_rsc=1x2y')).toBe('/reviews?status=all');
    expect(seen('http://localhost/tasks?_rsc=1x2y')).toBe('/tasks');
  });

  it('replaces a value the browser sent itself', () => {
    expect(seen('http://localhost/tasks', { [RETURN_PATH_HEADER]: '//evil.example' })).toBe('/tasks');
  });
});

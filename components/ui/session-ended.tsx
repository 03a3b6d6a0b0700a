'use client';
import { loginHref } from '@/lib/auth/return-path';

/**
 * What a console page shows when one of its requests finds no session (it
 * expired, or the user signed out in another tab): instead of "Sign in first
 * (or send an API token)", a way to sign in again. The link opens a new tab so
 * nothing on this page is lost (an unsaved diagnosis, typed filters); after
 * signing in there, this page's next request works again.
 */
export function SessionEnded() {
  const here = typeof window === 'undefined' ? null : `${window.location.pathname}${window.location.search}`;
  return (
    <p
      role="alert"
      data-testid="session-ended"
      className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      Your session has ended, so this could not be loaded or saved.{' '}
      <a href={loginHref(here)} target="_blank" rel="noopener" className="font-medium text-indigo-700 underline">
        Sign in again
      </a>{' '}
      (in a new tab, so what is on this page stays), then try again here.
    </p>
  );
}

import { after } from 'next/server';

/**
 * Keeps `work` (already started) running after the response is sent: Next's after() holds the request's
 * lifetime open for it. Outside a Next request (route handlers called by tests or scripts) there is no
 * request to hold open and the promise simply runs on.
 */
export function continueAfterResponse(work: Promise<unknown>): void {
  try {
    after(work);
  } catch {
    // Not inside a Next request scope: nothing to extend.
  }
}

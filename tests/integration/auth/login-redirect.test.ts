import { isRedirectError } from 'next/dist/client/components/redirect-error';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import LoginPage from '@/app/login/page';
import { OPEN_REDIRECT_PAYLOADS } from '../../helpers/redirect-payloads';
import { signInTestRequest } from '../../helpers/server-page';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const SITE = 'http://console.test';

/** Where the login page sends a signed-in visitor who opened /login?next=`next` (the Location it answers). */
async function redirectedTo(next: string): Promise<string> {
  try {
    await LoginPage({ searchParams: Promise.resolve({ next }) });
  } catch (err) {
    if (!isRedirectError(err)) throw err;
    return err.digest.split(';').slice(2, -2).join(';');
  }
  throw new Error(`the login page did not redirect for next=${JSON.stringify(next)}`);
}

beforeAll(() => signInTestRequest('ANNOTATOR'));

describe('the login page of a signed-in user', () => {
  it('returns to the page asked for when it is one of this site', async () => {
    expect(await redirectedTo('/tasks?status=all')).toBe('/tasks?status=all');
    expect(await redirectedTo('/a/../tasks')).toBe('/tasks');
  });

  it('never redirects off the site, however the path is spelled (an open redirect)', async () => {
    for (const next of OPEN_REDIRECT_PAYLOADS) {
      const location = await redirectedTo(next);
      // As the browser reads the Location header: the same origin, the role's home.
      expect(new URL(location, SITE).origin, JSON.stringify(next)).toBe(SITE);
      expect(location, JSON.stringify(next)).toBe('/queue');
    }
  });
});

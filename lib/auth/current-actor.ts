import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { assertTokenAllowed, clientAddress, recordTokenFailure } from './login-throttle';
import { actorFromApiToken, actorFromSession, SESSION_COOKIE } from './sessions';
import { can, type Actor, type Permission } from './permissions';

/** The caller of the current request: a bearer token wins over the session cookie. */
export async function currentActor(): Promise<Actor | null> {
  const h = await headers();
  const auth = h.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    // A storm of invalid tokens from one address is refused before the token lookup.
    const address = clientAddress(h);
    await assertTokenAllowed(address);
    const actor = await actorFromApiToken(auth.slice(7).trim());
    if (!actor) await recordTokenFailure(address);
    return actor;
  }
  const jar = await cookies();
  return actorFromSession(jar.get(SESSION_COOKIE)?.value);
}

/**
 * For pages: an anonymous visitor is sent to the login page, a signed-in user
 * without the permission to the "not allowed" page. Returns the actor.
 */
export async function requirePageActor(permission?: Permission): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect('/login');
  if (permission && !can(actor.role, permission)) redirect(`/forbidden?need=${encodeURIComponent(permission)}`);
  return actor;
}

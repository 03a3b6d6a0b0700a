import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AppError } from '@/lib/errors';
import { assertTokenAllowed, clientAddress, recordTokenFailure } from '@/lib/auth/login-throttle';
import { loginHref, RETURN_PATH_HEADER } from '@/lib/auth/return-path';
import { actorFromSession, lookupApiToken, SESSION_COOKIE, type DeadToken } from '@/lib/users/sessions';
import { can, type Actor, type Permission } from '@/lib/auth/permissions';

/**
 * The caller of the current request: a bearer token wins over the session cookie.
 * A revoked or expired token is no caller (anonymous, e.g. for a public route);
 * with `explainDeadToken` (apiRoute) it is refused with why instead of the
 * generic "sign in first". Either way it counts as an invalid token.
 */
export async function currentActor(opts: { explainDeadToken?: boolean } = {}): Promise<Actor | null> {
  const h = await headers();
  const auth = h.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    // A storm of invalid tokens from one address is refused before the token lookup.
    const address = clientAddress(h);
    await assertTokenAllowed(address);
    const found = await lookupApiToken(auth.slice(7).trim());
    if (found && 'actor' in found) return found.actor;
    await recordTokenFailure(address);
    if (found && opts.explainDeadToken) throw deadTokenError(found.dead);
    return null;
  }
  const jar = await cookies();
  return actorFromSession(jar.get(SESSION_COOKIE)?.value);
}

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** 401 saying why a real token stopped working; `reason` (TOKEN_REVOKED, TOKEN_EXPIRED, TOKEN_DISABLED) is for programs. */
function deadTokenError(dead: DeadToken): AppError {
  const what =
    dead.reason === 'TOKEN_DISABLED'
      ? `no longer works: ${dead.ownerActive ? "its owner's role changed since it was made" : "its owner's account is deactivated"}`
      : dead.reason === 'TOKEN_REVOKED'
        ? `was revoked on ${utc(dead.at)}`
        : `expired on ${utc(dead.at)}`;
  return new AppError('UNAUTHENTICATED', `This API token ("${dead.name}") ${what}. Ask an admin for a new one.`, [], {
    reason: dead.reason,
  });
}

/**
 * For pages: an anonymous visitor (or one whose session ended) is sent to the login page,
 * which returns to this page and its query afterwards; a signed-in user without the
 * permission goes to the "not allowed" page. Returns the actor.
 */
export async function requirePageActor(permission?: Permission): Promise<Actor> {
  const actor = await currentActor();
  // The page's path comes from the proxy (a server component is not told its URL); loginHref checks it.
  if (!actor) redirect(loginHref((await headers()).get(RETURN_PATH_HEADER)));
  if (permission && !can(actor.role, permission)) redirect(`/forbidden?need=${encodeURIComponent(permission)}`);
  return actor;
}

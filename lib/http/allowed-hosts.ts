import { isIP } from 'node:net';

/**
 * Where the web server listens and which `Host` names it answers to.
 *
 * Loopback unless told otherwise: `HOST` names the address to listen on; with `PUBLIC_URL` set and no
 * `HOST`, every interface. Whatever the address, only the names the console is known by are answered:
 * the loopback names, `PUBLIC_URL`'s host and `ALLOWED_HOSTS`. A page on another site whose name
 * resolves to this machine (DNS rebinding) sends its own name as `Host` and is refused, so it cannot
 * sign in with a password it guessed and act as the user.
 */
export type HostPolicy = { listen: string; allowed: Set<string> };

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

export function isLoopbackAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/** The hostname of a `Host` header value (`name`, `name:port`, `[v6]:port`), lower-cased, without a trailing dot. */
export function hostnameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/.exec(value);
  if (!m) return null;
  return m[1].replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export function hostPolicy(env: Record<string, string | undefined>): HostPolicy {
  const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname.replace(/^\[|\]$/g, '').toLowerCase() : null;
  const listen = env.HOST?.trim() || (publicHost ? '0.0.0.0' : '127.0.0.1');
  const allowed = new Set(LOOPBACK_NAMES);
  if (publicHost) allowed.add(publicHost);
  for (const name of (env.ALLOWED_HOSTS ?? '').split(',')) {
    const host = hostnameOf(name);
    if (host) allowed.add(host);
  }
  // Listening on one named address (not a wildcard) makes that address a name clients use.
  if (!['0.0.0.0', '::'].includes(listen)) allowed.add(listen.replace(/^\[|\]$/g, '').toLowerCase());
  return { listen, allowed };
}

/** True when a request with this `Host` header may be answered. A missing or malformed header never is. */
export function hostAllowed(policy: HostPolicy, header: string | undefined): boolean {
  if (!header) return false;
  const host = hostnameOf(header);
  return host !== null && policy.allowed.has(host);
}

/**
 * Why the console must not start with this policy, or null. Exposed (not on loopback) without a name
 * to answer to, every request from another machine would be refused: say so at start, not per request.
 */
export function exposureProblem(policy: HostPolicy, env: Record<string, string | undefined>): string | null {
  if (isLoopbackAddress(policy.listen)) return null;
  if (env.PUBLIC_URL || env.ALLOWED_HOSTS?.trim()) return null;
  return `HOST=${policy.listen} exposes the console beyond this machine: set PUBLIC_URL (the address users open) or ALLOWED_HOSTS (the names clients use), so that requests naming any other host are refused.`;
}

import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Whether the hop `addr`, `i` hops away from the server (0 = the socket's peer), is a proxy we trust. */
export type ProxyTrust = (addr: string, i: number) => boolean;

/**
 * Reads TRUST_PROXY, Express's "trust proxy" setting (proxy-addr implements it):
 * - unset, empty or 0: no proxy is trusted, the client is the socket's peer and
 *   any X-Forwarded-For the client sent is ignored;
 * - a whole number n: the n nearest hops are proxies (e.g. 1 behind one nginx);
 * - otherwise a comma list of addresses, CIDR ranges or the names loopback,
 *   linklocal and uniquelocal: the hops in that list are proxies.
 * A value proxy-addr cannot read throws, naming the variable, so the server
 * refuses to start rather than trust the wrong hops.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return () => false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_addr, i) => i < hops;
  }
  try {
    return proxyAddr.compile(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
  } catch (err) {
    throw new Error(
      `TRUST_PROXY="${text}" is not a hop count or a list of addresses/CIDR ranges: ${(err as Error).message}`,
    );
  }
}

/**
 * The client's address: the nearest hop that is not a trusted proxy, walking
 * from the socket's peer back through X-Forwarded-For. What the client wrote
 * into that header counts only as far as trusted proxies vouch for it.
 */
export function trustedClientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(req, trust);
}

/** Headers only a proxy may set: what the client asked for (host, scheme, port) before the proxy. */
const PROXY_ONLY_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;

/**
 * Rewrites the forwarded headers of `req` in place before Next sees it:
 * X-Forwarded-For becomes the trusted client address, and X-Forwarded-Host,
 * -Proto and -Port are dropped unless the socket's peer is a trusted proxy
 * (Next then fills them in from the request itself). They decide the origin
 * the same-origin check of mutations compares with, and the address the API
 * description gives, so a client talking to the server directly must not
 * choose them.
 */
export function vetForwardedHeaders(req: IncomingMessage, trust: ProxyTrust): void {
  const peer = req.socket.remoteAddress ?? '';
  const fromProxy = peer !== '' && trust(peer, 0);
  req.headers['x-forwarded-for'] = trustedClientAddress(req, trust);
  if (!fromProxy) for (const h of PROXY_ONLY_HEADERS) delete req.headers[h];
}

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseProxyTrust, trustedClientAddress, vetForwardedHeaders } from '@/lib/http/trusted-client-address';

/** A request as node:http hands it over: the socket's peer and whatever X-Forwarded-For arrived. */
function request(peer: string, forwardedFor?: string, more: Record<string, string> = {}): IncomingMessage {
  const headers = { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...more };
  return {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers,
  } as unknown as IncomingMessage;
}

describe('the client address the throttles count comes from the socket, not from what the client claims', () => {
  it('ignores a client-sent X-Forwarded-For when no proxy is trusted (the default)', () => {
    const trust = parseProxyTrust(undefined);
    expect(trustedClientAddress(request('198.51.100.7', '203.0.113.1'), trust)).toBe('198.51.100.7');
    expect(trustedClientAddress(request('198.51.100.7', '203.0.113.2, 10.0.0.1'), parseProxyTrust('0'))).toBe(
      '198.51.100.7',
    );
  });

  it('with one trusted hop takes the address that proxy saw, not the one the client prepended', () => {
    // The client sent "X-Forwarded-For: 203.0.113.9"; nginx appended the real peer 198.51.100.7.
    const req = request('10.0.0.2', '203.0.113.9, 198.51.100.7');
    expect(trustedClientAddress(req, parseProxyTrust('1'))).toBe('198.51.100.7');
    expect(trustedClientAddress(req, parseProxyTrust('2'))).toBe('203.0.113.9');
  });

  it('trusts hops by address or range when given a list', () => {
    const trust = parseProxyTrust('loopback, 10.0.0.0/8');
    expect(trustedClientAddress(request('127.0.0.1', '203.0.113.9, 198.51.100.7, 10.1.2.3'), trust)).toBe(
      '198.51.100.7',
    );
    // A peer outside the list is the client, whatever it forwards.
    expect(trustedClientAddress(request('198.51.100.8', '203.0.113.9'), trust)).toBe('198.51.100.8');
  });

  it('refuses a TRUST_PROXY it cannot read, naming the variable', () => {
    expect(() => parseProxyTrust('everyone')).toThrow(/TRUST_PROXY="everyone"/);
  });

  it('drops X-Forwarded-Host, -Proto and -Port a client sent directly, and keeps those a trusted proxy set', () => {
    const forwarded = {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      host: 'console.local:3000',
    };
    const direct = request('198.51.100.7', '203.0.113.1', forwarded);
    vetForwardedHeaders(direct, parseProxyTrust(undefined));
    expect(direct.headers).toEqual({ 'x-forwarded-for': '198.51.100.7', host: 'console.local:3000' });

    const viaProxy = request('10.0.0.2', '198.51.100.7', forwarded);
    vetForwardedHeaders(viaProxy, parseProxyTrust('10.0.0.0/8'));
    expect(viaProxy.headers).toMatchObject({
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { exposureProblem, hostAllowed, hostPolicy, isLoopbackAddress } from '@/lib/http/allowed-hosts';

describe('where the console listens and which Host names it answers', () => {
  it('listens on loopback by default and answers only loopback names, with or without a port', () => {
    const policy = hostPolicy({});
    expect(policy.listen).toBe('127.0.0.1');
    for (const ok of ['localhost:3000', '127.0.0.1:3600', '[::1]:3000', 'LOCALHOST', 'localhost.'])
      expect(hostAllowed(policy, ok), ok).toBe(true);
    // A page on another site whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name.
    for (const bad of [
      'evil.example:3600',
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      'user@localhost',
      'localhost/evil',
      '',
      undefined,
    ])
      expect(hostAllowed(policy, bad), String(bad)).toBe(false);
  });

  it('exposes the console on every interface for PUBLIC_URL, answering to its host too', () => {
    const policy = hostPolicy({ PUBLIC_URL: 'https://Console.Example.com/' });
    expect(policy.listen).toBe('0.0.0.0');
    expect(hostAllowed(policy, 'console.example.com')).toBe(true);
    expect(hostAllowed(policy, 'console.example.com:443')).toBe(true);
    expect(hostAllowed(policy, 'other.example.com')).toBe(false);
    expect(exposureProblem(policy, { PUBLIC_URL: 'https://console.example.com' })).toBeNull();
  });

  it('answers the names in ALLOWED_HOSTS and the address HOST names', () => {
    const policy = hostPolicy({ HOST: '10.0.0.5', ALLOWED_HOSTS: 'console.internal, [fd00::1]:3000' });
    expect(hostAllowed(policy, '10.0.0.5:3000')).toBe(true);
    expect(hostAllowed(policy, 'console.internal')).toBe(true);
    expect(hostAllowed(policy, '[fd00::1]:3000')).toBe(true);
    expect(hostAllowed(policy, '10.0.0.6')).toBe(false);
  });

  it('refuses to expose the console on a wildcard address without a name to answer to', () => {
    const policy = hostPolicy({ HOST: '0.0.0.0' });
    expect(exposureProblem(policy, { HOST: '0.0.0.0' })).toMatch(/set PUBLIC_URL .* or ALLOWED_HOSTS/);
    expect(exposureProblem(hostPolicy({ HOST: '127.0.0.2' }), { HOST: '127.0.0.2' })).toBeNull();
  });

  it('tells loopback addresses from others', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].every(isLoopbackAddress)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', '128.0.0.1', 'example.com'].some(isLoopbackAddress)).toBe(false);
  });
});

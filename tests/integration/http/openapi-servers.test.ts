import { describe, expect, it, vi } from 'vitest';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { callRoute } from '../../helpers/call-route';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const servers = async (headers: Record<string, string>) => {
  const res = await callRoute(openApiRoute, '/api/openapi.json', { headers });
  expect(res.status).toBe(200);
  const doc = await res.json();
  expect(Object.keys(doc).slice(0, 3)).toEqual(['openapi', 'info', 'servers']);
  return doc.servers;
};

describe('the OpenAPI document names the server to call', () => {
  it('gives the origin the request reached, so Swagger UI and generated clients call this console', async () => {
    expect(await servers({})).toEqual([{ url: 'http://console.test', description: 'This console' }]);
    expect(await servers({ host: 'localhost:3000' })).toEqual([
      { url: 'http://localhost:3000', description: 'This console' },
    ]);
  });

  it('gives the public origin behind a proxy (the forwarded host and scheme)', async () => {
    expect(await servers({ 'x-forwarded-host': 'memory.example.org', 'x-forwarded-proto': 'https' })).toEqual([
      { url: 'https://memory.example.org', description: 'This console' },
    ]);
    expect(
      await servers({ 'x-forwarded-host': 'memory.example.org:8443, inner:3000', 'x-forwarded-proto': 'https,http' }),
    ).toEqual([{ url: 'https://memory.example.org:8443', description: 'This console' }]);
  });

  it('falls back to the relative "/" for a host that would not make a plain origin', async () => {
    for (const host of ['evil.test/phish', 'user@evil.test', 'a:99999'])
      expect(await servers({ 'x-forwarded-host': host })).toEqual([{ url: '/', description: 'This console' }]);
    expect(await servers({ 'x-forwarded-proto': 'javascript' })).toEqual([{ url: '/', description: 'This console' }]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { GET as exportRoute } from '@/app/api/releases/[name]/export/route';
import { prisma } from '@/lib/db/prisma';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createApiToken } from '@/lib/users/api-tokens';
import { createSkillCard, skillContent } from '../../helpers/bank-factories';
import { callRoute } from '../../helpers/call-route';
import { createActor, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function releaseAndToken() {
  const admin = await createActor('ADMIN');
  await createSkillCard({
    ability: `cache-${uid()}`,
    content: skillContent({ title: 'Confirm the fare before paying' }),
  });
  const release = await freezeRelease(admin, { name: `cache-${uid()}`, note: 'for the runtime' });
  const { token } = await createApiToken(admin, { name: `runtime-${uid()}`, role: 'RESEARCHER' });
  return { release, token };
}

const get = (name: string, token: string, format: string, headers: Record<string, string> = {}) =>
  callRoute(exportRoute, `/api/releases/${name}/export?format=${format}`, {
    token,
    params: { name },
    headers: { 'x-forwarded-for': `10.9.${uid()}`, ...headers },
  });

describe('release export for agent runtimes', () => {
  it('builds a release export once: a second download reads no card versions and is the same file', async () => {
    const { release, token } = await releaseAndToken();
    const reads = vi.spyOn(prisma.cardVersion, 'findMany');
    try {
      const first = await get(release.name, token, 'json');
      expect(first.status).toBe(200);
      const builtWith = reads.mock.calls.length;
      expect(builtWith).toBeGreaterThan(0);
      const second = await get(release.name, token, 'json');
      expect(await second.text()).toBe(await first.text());
      expect(reads.mock.calls.length).toBe(builtWith);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    } finally {
      reads.mockRestore();
    }
  });

  it('answers 304 without the file to a client that has it (If-None-Match), per format, and still checks the token', async () => {
    const { release, token } = await releaseAndToken();
    const json = await get(release.name, token, 'json');
    const etag = json.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(json.headers.get('cache-control')).toBe('private, no-cache');

    const again = await get(release.name, token, 'json', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // Another format is another file; a stale validator gets the whole file.
    const markdown = await get(release.name, token, 'markdown', { 'if-none-match': etag });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('etag')).not.toBe(etag);
    expect((await get(release.name, token, 'json', { 'if-none-match': '"an-older-file"' })).status).toBe(200);

    // The validator is no key: without a token the answer is 401, not 304.
    const anonymous = await callRoute(exportRoute, `/api/releases/${release.name}/export?format=json`, {
      params: { name: release.name },
      headers: { 'if-none-match': etag, 'x-forwarded-for': `10.9.${uid()}` },
    });
    expect(anonymous.status).toBe(401);
  });
});

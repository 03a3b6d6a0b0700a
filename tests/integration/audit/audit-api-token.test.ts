import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GET as auditRoute } from '@/app/api/admin/audit/route';
import { POST as importRoute } from '@/app/api/imports/route';
import { prisma } from '@/lib/db/prisma';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { createActor } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const records = new Uint8Array(
  readFileSync(path.resolve(import.meta.dirname, '../../fixtures/import/native-valid.jsonl')),
);

/** Imports the fixture through the API as `caller`; returns the import job's id. */
async function importAs(caller: { token?: string; cookie?: string }, fileName: string): Promise<string> {
  const res = await callRoute(importRoute, `/api/imports?fileName=${fileName}&format=native`, {
    ...caller,
    body: records,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(200);
  return (await res.json()).reports[0].id;
}

const finishEntry = (jobId: string) =>
  prisma.auditLog.findFirstOrThrow({ where: { action: 'import.finish', entityId: jobId } });

describe('the audit log names the API token an action came through', () => {
  it('records the token on an import sent with it, and none on one made in a browser session', async () => {
    const admin = await createActor('ADMIN');
    const { user: researcher, cookie } = await sessionCookie('RESEARCHER');
    const token = await createApiToken(admin, { name: 'ci-import', role: 'RESEARCHER', userId: researcher.id });

    const byToken = await finishEntry(await importAs({ token: token.token }, 'by-token.jsonl'));
    expect(byToken).toMatchObject({ actorId: researcher.id, apiTokenId: token.id });
    const bySession = await finishEntry(await importAs({ cookie }, 'by-session.jsonl'));
    expect(bySession).toMatchObject({ actorId: researcher.id, apiTokenId: null });
  });

  it('shows the token (id, name, prefix; never the secret) in GET /api/admin/audit and filters by it', async () => {
    const admin = await createActor('ADMIN');
    const { cookie: adminCookie } = await sessionCookie('ADMIN');
    const { user: researcher, cookie } = await sessionCookie('RESEARCHER');
    const token = await createApiToken(admin, { name: 'nightly importer', role: 'RESEARCHER', userId: researcher.id });
    const tokenJob = await importAs({ token: token.token }, 'nightly.jsonl');
    const sessionJob = await importAs({ cookie }, 'by-hand.jsonl');

    const list = async (query: string) => {
      const res = await callRoute(auditRoute, `/api/admin/audit?${query}`, { cookie: adminCookie });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        items: { entityId: string; action: string; apiToken: unknown; actor: { id: string } | null }[];
      };
    };
    const { prefix } = await prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    const [viaToken] = (await list(`entityId=${tokenJob}`)).items;
    expect(viaToken.apiToken).toEqual({ id: token.id, name: 'nightly importer', prefix });
    expect(JSON.stringify(viaToken)).not.toContain(token.token);
    expect((await list(`entityId=${sessionJob}`)).items[0].apiToken).toBeNull();

    const filtered = (await list(`apiTokenId=${token.id}`)).items;
    expect(filtered.map((e) => [e.action, e.entityId])).toEqual([['import.finish', tokenJob]]);
  });
});

import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as retrieveRoute } from '@/app/api/retrieve/route';
import { POST as previewRoute } from '@/app/api/retrieve/preview/route';
import { GET as leakageRoute } from '@/app/api/leakage/route';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { createApiToken } from '@/lib/users/api-tokens';
import { createFunctionCard, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';

// The route handlers read the caller from next/headers; outside a Next server
// there is no request scope, so hand them the test request's headers.
let requestHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined }),
}));

function call(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>,
  url: string,
  init: { token?: string; body?: unknown } = {},
) {
  requestHeaders = new Headers({
    'content-type': 'application/json',
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
  });
  const req = new NextRequest(`http://console.test${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: requestHeaders,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return handler(req, { params: Promise.resolve({}) });
}

const word = `gantry${uid()}`;
let annotatorToken = '';

beforeAll(async () => {
  await createSkillCard({ content: skillContent({ title: `Page the ${word} list`, tags: [word, 'page', 'list'] }) });
  await createFunctionCard(`mail.${word}_search`);
  const admin = await createActor('ADMIN');
  const annotator = await createActor('ANNOTATOR');
  annotatorToken = (await createApiToken(admin, { name: 'runtime', role: 'ANNOTATOR', userId: annotator.userId }))
    .token;
});

describe('POST /api/retrieve', () => {
  it('answers an annotator-role API token with the ranked cards, score parts, block and memory ids', async () => {
    const res = await call(retrieveRoute, '/api/retrieve', {
      token: annotatorToken,
      body: { task: `read the whole ${word} list`, apps: ['mail'], ability: 'mail', function: `mail.${word}_search` },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.release).toBe('current'); // no release frozen yet: the live bank
    expect(body.skillCards[0]).toMatchObject({
      title: `Page the ${word} list`,
      version: 1,
      inBlock: true,
      score: { bm25: expect.any(Number), appBonus: 0.5, mismatchPenalty: 0, total: expect.any(Number) },
    });
    expect(body.block).toContain(`Page the ${word} list — `);
    expect(body.tokens).toBeGreaterThan(0);
    expect(body.budget).toBe(1200);
    expect(body.preTool).toMatchObject({ function: `mail.${word}_search`, tokens: expect.any(Number) });
    expect(body.memory).toEqual({
      bank_release: 'current',
      card_ids: [
        body.skillCards[0].key,
        ...body.functionCards.filter((f: { inBlock: boolean }) => f.inBlock).map((f: { key: string }) => f.key),
      ],
    });
  });

  it('refuses a caller without a token with 401, and a bad token too', async () => {
    expect((await call(retrieveRoute, '/api/retrieve', { body: { task: 'x' } })).status).toBe(401);
    const bad = await call(retrieveRoute, '/api/retrieve', { token: 'mct_not-a-token', body: { task: 'x' } });
    expect(bad.status).toBe(401);
  });

  it('names the field of a bad request and refuses an unknown release with 404', async () => {
    const res = await call(retrieveRoute, '/api/retrieve', {
      token: annotatorToken,
      body: { task: '', k: 99, extra: 1 },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    // The field leads its own message ("task text is required"), so the summary does not repeat it.
    expect(error.message).toMatch(/Invalid request: task text is required; k: /);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['task', 'k']));
    const missing = await call(retrieveRoute, '/api/retrieve', {
      token: annotatorToken,
      body: { task: 'x', release: 'v9' },
    });
    expect(missing.status).toBe(404);
  });

  it('answers an ability no bank or task has with 400 naming it and the known abilities, on the API and the preview', async () => {
    const res = await call(retrieveRoute, '/api/retrieve', {
      token: annotatorToken,
      body: { task: `read the whole ${word} list`, ability: 'Mail' },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toMatch(/Unknown ability "Mail".*did you mean "mail"\?.*Known abilities: .*"mail"/);
    expect(error.details).toEqual([{ path: 'ability', message: error.message }]);
    const admin = await createActor('ADMIN');
    const researcher = await createActor('RESEARCHER');
    const token = (await createApiToken(admin, { name: 'preview', role: 'RESEARCHER', userId: researcher.userId }))
      .token;
    const preview = await call(previewRoute, '/api/retrieve/preview', {
      token,
      body: { task: 'x', ability: 'Mail', release: 'current' },
    });
    expect(preview.status).toBe(400);
  });

  it('keeps the preview and the leakage audit from annotator tokens (403)', async () => {
    expect(
      (await call(previewRoute, '/api/retrieve/preview', { token: annotatorToken, body: { task: 'x' } })).status,
    ).toBe(403);
    expect((await call(leakageRoute, '/api/leakage', { token: annotatorToken })).status).toBe(403);
  });

  it('serves the leakage audit to a researcher token one page at a time, with counts', async () => {
    const admin = await createActor('ADMIN');
    const researcher = await createActor('RESEARCHER');
    const token = (await createApiToken(admin, { name: 'audit', role: 'RESEARCHER', userId: researcher.userId })).token;
    const res = await call(leakageRoute, '/api/leakage?release=current&page=2&pageSize=10', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      release: 'current',
      page: 2,
      pageSize: 10,
      total: expect.any(Number),
      pageCount: expect.any(Number),
      heldOutTasks: expect.any(Number),
      leakingTasks: expect.any(Number),
      items: [],
    });
    const bad = await call(leakageRoute, '/api/leakage?pageSize=0', { token });
    expect(bad.status).toBe(400);
  });

  it('publishes an OpenAPI document generated from the request schema', async () => {
    const doc = await (await call(openApiRoute, '/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/retrieve',
        '/api/releases',
        '/api/releases/{name}',
        '/api/releases/{name}/diff/{other}',
        '/api/releases/{name}/export',
        '/api/leakage',
      ]),
    );
    const req = doc.components.schemas.RetrieveRequest;
    expect(req.required).toEqual(['task']);
    expect(Object.keys(req.properties).sort()).toEqual(['ability', 'apps', 'function', 'k', 'release', 'task']);
    expect(req.properties.k).toMatchObject({ minimum: 1, maximum: 10 });
    // A runtime learns from the document that a busy database is worth retrying, and when.
    expect(Object.keys(doc.paths['/api/retrieve'].post.responses)).toContain('503');
  });
});

import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/admin/llm-connection/route';
import { prisma } from '@/lib/db/prisma';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { fakeOpenAiForFile, reply } from '../../helpers/fake-openai-server';
import { listenOnLoopback } from '../../helpers/loopback-server';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/**
 * Admin → LLM "Test connection" against the local OpenAI-compatible test
 * server: each wrong setting (URL, key, model) is named in the answer, with
 * the variable or field to fix; nothing is written.
 */
const fake = fakeOpenAiForFile();
afterEach(() => {
  process.env.OPENAI_BASE_URL = fake().url;
  fake().respond(() => reply.status(500, 'no reply scripted for this request'));
});

async function test(body: unknown = {}) {
  const { cookie } = await sessionCookie('ADMIN');
  const res = await callRoute(POST, '/api/admin/llm-connection', {
    cookie,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: await res.json() };
}

describe('testing the LLM connection from Admin → LLM', () => {
  it('answers ok per model when the endpoint, key and models work, and writes nothing', async () => {
    fake().respond(() => reply.json({ ok: true }));
    // (Signing in for the call writes auth.login; the check itself writes nothing.)
    const audits = () => prisma.auditLog.count({ where: { action: { not: 'auth.login' } } });
    const before = await audits();
    const { status, body } = await test({ models: ['model-a', 'model-b', 'model-a'] });
    expect(status).toBe(200);
    expect(body.host).toBe(new URL(fake().url).host);
    expect(body.checks.map((c: { model: string; ok: boolean }) => [c.model, c.ok])).toEqual([
      ['model-a', true],
      ['model-b', true],
    ]);
    expect(fake().requests.at(-1)?.model).toBe('model-b');
    expect(await audits()).toBe(before);
  });

  it('says the API key was refused and names OPENAI_API_KEY', async () => {
    fake().respond(() => reply.status(401, 'Incorrect API key provided'));
    const { body } = await test({ models: ['m'] });
    expect(body.checks[0]).toMatchObject({ ok: false, problem: 'key' });
    expect(body.checks[0].message).toContain(
      'refused the API key (401 Incorrect API key provided): check OPENAI_API_KEY',
    );
  });

  it('says which model the endpoint does not have', async () => {
    fake().respond((req) =>
      req.model === 'gpt-nope' ? reply.status(404, 'The model `gpt-nope` does not exist') : reply.json({ ok: true }),
    );
    const { body } = await test({ models: ['good', 'gpt-nope'] });
    expect(body.checks).toMatchObject([
      { model: 'good', ok: true },
      { model: 'gpt-nope', ok: false, problem: 'model' },
    ]);
    expect(body.checks[1].message).toContain('has no model "gpt-nope"');
  });

  it('says a URL that is not the API root (a web server answering 404) is wrong, naming OPENAI_BASE_URL', async () => {
    // What sits at a URL missing its /v1: a server that knows no /chat/completions.
    const web = http.createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'),
    );
    const { port, close } = await listenOnLoopback(web);
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}`;
    const { body } = await test({ models: ['m'] });
    await close();
    expect(body.checks[0]).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(body.checks[0].message).toContain(
      '/chat/completions does not exist (404): OPENAI_BASE_URL should be the API root, usually ending in /v1',
    );
  });

  it('says an endpoint nobody answers at cannot be reached (not that it "answered with an error")', async () => {
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    const { body } = await test({ models: ['m'] });
    expect(body.checks[0]).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(body.checks[0].message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:9\/v1 \(.+\): check OPENAI_BASE_URL/);
  });

  it('without an endpoint, says to set OPENAI_BASE_URL (409), and refuses a misspelt field by name', async () => {
    delete process.env.OPENAI_BASE_URL;
    const none = await test();
    expect(none.status).toBe(409);
    expect(none.body.error.message).toContain('set OPENAI_BASE_URL');
    process.env.OPENAI_BASE_URL = fake().url;
    const typo = await test({ model: ['m'] });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toContain('model: unknown field');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { PUT as draftRoute } from '@/app/api/diagnoses/draft/route';
import { GET as releaseExport } from '@/app/api/releases/[name]/export/route';
import { POST as taxonomyPost } from '@/app/api/taxonomy/route';
import { prisma } from '@/lib/db/prisma';
import { JSON_MAX_DEPTH } from '@/lib/http/json-body';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const json = { 'content-type': 'application/json' };

describe('hostile input that used to answer 500', () => {
  it('refuses a cookie mutation from "Origin: null" (or an origin that is no URL) 403, as another site’s', async () => {
    const { cookie } = await sessionCookie('ADMIN');
    for (const origin of ['null', 'not a url', 'http://[::1']) {
      // The cookie without callRoute's same-origin Origin header: this one is the browser's.
      const res = await callRoute(taxonomyPost, '/api/taxonomy', {
        body: JSON.stringify({ key: `o-${uid()}`, label: 'Origin' }),
        headers: { ...json, cookie, origin },
      });
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    }
  });

  it('refuses deeply nested JSON 400 before parsing it, also to the anonymous login', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await callRoute(loginRoute, '/api/auth/login', { body: deep, headers: json });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'body' }] });
    expect(error.message).toContain(`more than ${JSON_MAX_DEPTH} levels deep`);
    // Objects count as much as arrays; brackets inside strings do not count at all.
    const objects = `${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`;
    expect((await callRoute(loginRoute, '/api/auth/login', { body: objects, headers: json })).status).toBe(400);
    const inString = JSON.stringify({ email: `${'['.repeat(100)}@example.test`, password: '{'.repeat(100) });
    const wrong = await callRoute(loginRoute, '/api/auth/login', { body: inString, headers: json });
    expect(wrong.status).toBe(401); // read and checked: a wrong e-mail or password, not a body too deep
  });

  it('refuses an e-mail or password longer than any account has 400 (the throttle key overflowed: 500)', async () => {
    for (const [email, password, field] of [
      [`${'a'.repeat(1000)}@example.test`, 'whatever-password', 'email'],
      ['someone@example.test', 'p'.repeat(100_000), 'password'],
    ]) {
      const res = await callRoute(loginRoute, '/api/auth/login', {
        body: JSON.stringify({ email, password }),
        headers: json,
      });
      expect(res.status, field).toBe(400);
      expect((await res.json()).error.details).toEqual([
        { path: field, message: expect.stringMatching(/longer than/) },
      ]);
    }
  });

  it('refuses a lone surrogate in a draft 400 naming the field, writes nothing, and keeps whole characters', async () => {
    const { user, cookie } = await sessionCookie('ANNOTATOR');
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark: `sur-${uid()}`, failed: 1, events: 4 })]);
    const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
    // The texts are JSON escape sequences, put into the body as written (JSON.stringify would escape them again).
    const putDraft = (text: string) =>
      callRoute(draftRoute, '/api/diagnoses/draft', {
        method: 'PUT',
        cookie,
        body: `{"checkpointResultId":"${cp.id}","whatWentWrong":"${text}"}`,
        headers: json,
      });
    const res = await putDraft('half \\ud800 a thought');
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/^body\.whatWentWrong contains a lone surrogate/);
    expect(error.details).toEqual([{ path: 'body.whatWentWrong', message: expect.stringContaining('lone surrogate') }]);
    expect(await prisma.diagnosis.count({ where: { authorId: user.id } })).toBe(0);
    // A whole character outside the BMP (a surrogate pair) is text like any other.
    const ok = await putDraft('tool \\ud83d\\udd27 misused');
    expect(ok.status).toBe(200);
    expect((await prisma.diagnosis.findFirstOrThrow({ where: { authorId: user.id } })).whatWentWrong).toBe(
      'tool 🔧 misused',
    );
  });

  it('answers a path value that a route decodes again and is not percent-encoding 400, in JSON', async () => {
    const { cookie } = await sessionCookie('ADMIN');
    // "/api/releases/%25ff/export": the router decodes %25 to "%", the route decodes "%ff".
    const res = await callRoute(releaseExport, '/api/releases/%25ff/export', { cookie, params: { name: '%ff' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'path' }] });
  });
});

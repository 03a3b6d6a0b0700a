import type { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as auditRoute } from '@/app/api/admin/audit/route';
import { GET as disagreementsRoute } from '@/app/api/agreement/disagreements/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as cardsRoute } from '@/app/api/cards/route';
import { GET as importReportRoute } from '@/app/api/imports/[id]/route';
import { GET as importsRoute } from '@/app/api/imports/route';
import { GET as leakageRoute } from '@/app/api/leakage/route';
import { GET as liveRoute } from '@/app/api/live/route';
import { GET as proposalsRoute } from '@/app/api/proposals/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { GET as runsRoute } from '@/app/api/reflection/runs/route';
import { GET as releaseCardsRoute } from '@/app/api/releases/[name]/cards/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { prisma } from '@/lib/db/prisma';
import { MAX_PAGE } from '@/lib/http/pagination';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createSkillCard, skillContent } from '../../helpers/bank-factories';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { createActor, createUser, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let cookie = '';
let lists: { url: string; route: Route; params?: Record<string, string>; param?: string }[] = [];
beforeAll(async () => {
  cookie = (await sessionCookie('ADMIN')).cookie;
  const admin = await createActor('ADMIN');
  await createSkillCard({ ability: `edges-${uid()}`, content: skillContent({ title: 'Check the fare' }) });
  const release = await freezeRelease(admin, { name: `edges-${uid()}`, note: 'paging edges' });
  const job = await prisma.importJob.create({
    data: {
      status: 'SUCCEEDED',
      source: 'API',
      fileName: 'edges.jsonl',
      format: 'native',
      recordsTotal: 1,
      importedCount: 1,
    },
  });
  lists = [
    { url: '/api/cards', route: cardsRoute as Route },
    { url: '/api/tasks', route: tasksRoute as Route },
    { url: '/api/queue', route: queueRoute as Route },
    { url: '/api/proposals', route: proposalsRoute as Route },
    { url: '/api/reflection/runs', route: runsRoute as Route },
    { url: '/api/admin/audit', route: auditRoute as Route },
    { url: '/api/imports', route: importsRoute as Route },
    { url: '/api/agreement/disagreements', route: disagreementsRoute as Route },
    { url: '/api/search?q=fare', route: searchRoute as Route },
    { url: '/api/leakage', route: leakageRoute as Route },
    { url: `/api/releases/${release.name}/cards`, route: releaseCardsRoute as Route, params: { name: release.name } },
    { url: `/api/imports/${job.id}`, route: importReportRoute as Route, params: { id: job.id }, param: 'errorsPage' },
  ];
});

const withPage = (url: string, param: string, page: string) => `${url}${url.includes('?') ? '&' : '?'}${param}=${page}`;

// What each refused page number is called back in its message: numbers as they read, other text quoted.
const NOT_A_PAGE: [sent: string, got: string][] = [
  [String(Number.MAX_SAFE_INTEGER), String(Number.MAX_SAFE_INTEGER)],
  [String(MAX_PAGE + 1), String(MAX_PAGE + 1)],
  ['0', '0'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['abc', '"abc"'],
];

describe('a list asked for a page far past its end, or for one that is not a page number', () => {
  it('is refused 400 on every paged API in one sentence naming the parameter, the range and what came, where a number past the database integers was a 500', async () => {
    for (const { url, route, params, param = 'page' } of lists) {
      for (const [page, got] of NOT_A_PAGE) {
        const res = await callRoute(route, withPage(url, param, page), { cookie, params });
        expect(res.status, `${url} ${param}=${page}`).toBe(400);
        const { error } = await res.json();
        const message = `${param} must be a whole number from 1 to 1,000,000 (got ${got})`;
        expect(error.details, `${url} ${param}=${page}`).toEqual([{ path: param, message }]);
        expect(error.message, url).toBe(`Invalid request: ${message}`);
      }
    }
  });

  it('reads an empty page parameter as the first page, as an empty filter is no filter', async () => {
    for (const { url, route, params, param = 'page' } of lists) {
      const res = await callRoute(route, withPage(url, param, ''), { cookie, params });
      expect(res.status, url).toBe(200);
      const body = await res.json();
      expect(body.page ?? body.errorsPage, url).toBe(1);
    }
  });

  it('answers the highest page number it accepts with no rows and the real page count, not an error', async () => {
    for (const { url, route, params, param = 'page' } of lists) {
      const res = await callRoute(route, withPage(url, param, String(MAX_PAGE)), { cookie, params });
      expect(res.status, url).toBe(200);
      const body = await res.json();
      expect(body.items ?? body.groups ?? body.errors, url).toEqual([]);
      expect(body.pageCount ?? body.errorsPageCount, url).toBeLessThan(MAX_PAGE);
    }
  });
});

describe('Cache-Control of API answers', () => {
  it('is private, no-store on a list, a refusal, an anonymous 401 and a login that sets the session cookie', async () => {
    const list = await callRoute(cardsRoute as Route, '/api/cards', { cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');

    const refused = await callRoute(cardsRoute as Route, '/api/cards?page=abc', { cookie });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');

    const anonymous = await callRoute(cardsRoute as Route, '/api/cards');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');

    const user = await createUser('RESEARCHER', { password: 'cache-password' });
    const login = await callRoute(loginRoute as Route, '/api/auth/login', {
      body: JSON.stringify({ email: user.email, password: 'cache-password' }),
      headers: {
        'content-type': 'application/json',
        origin: 'http://console.test',
        'x-forwarded-for': `10.7.${uid()}`,
      },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toContain('mc_session=');
    expect(login.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves a handler its own: the live stream stays no-cache, no-transform', async () => {
    const live = await callRoute(liveRoute as Route, '/api/live?channels=runs', { cookie });
    try {
      expect(live.headers.get('content-type')).toContain('text/event-stream');
      expect(live.headers.get('cache-control')).toBe('no-cache, no-transform');
    } finally {
      await live.body?.cancel();
    }
  });
});

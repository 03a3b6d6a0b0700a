import type { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as auditRoute } from '@/app/api/admin/audit/route';
import { GET as disagreementsRoute } from '@/app/api/agreement/disagreements/route';
import { GET as cardsRoute } from '@/app/api/cards/route';
import { GET as importReportRoute } from '@/app/api/imports/[id]/route';
import { GET as importsRoute } from '@/app/api/imports/route';
import { GET as leakageRoute } from '@/app/api/leakage/route';
import { GET as proposalsRoute } from '@/app/api/proposals/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { GET as runsRoute } from '@/app/api/reflection/runs/route';
import { GET as releaseCardsRoute } from '@/app/api/releases/[name]/cards/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { prisma } from '@/lib/db/prisma';
import { MAX_PAGE } from '@/lib/http/pagination';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createSkillCard, skillContent } from '../helpers/bank-factories';
import { callRoute, sessionCookie } from '../helpers/call-route';
import { createActor, uid } from '../helpers/factories';

vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let cookie = '';
let lists: { url: string; route: Route; params?: Record<string, string>; param?: string }[] = [];
beforeAll(async () => {
  cookie = (await sessionCookie('ADMIN')).cookie;
  const admin = await createActor('ADMIN');
  await createSkillCard({ ability: `edges-${uid()}`, content: skillContent({ title: 'Check the fare' }) });
  const release = await freezeRelease(admin, { name: `edges-${uid()}`, note: 'paging edges' });
  const job = await prisma.importJob.create({ data: { status: 'SUCCEEDED', source: 'API', fileName: 'edges.jsonl', format: 'native', recordsTotal: 1, importedCount: 1 } });
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

describe('a list asked for a page far past its end', () => {
  it('is refused 400 naming the page parameter on every paged API, where a number past the database integers was a 500', async () => {
    for (const { url, route, params, param = 'page' } of lists) {
      for (const page of [String(Number.MAX_SAFE_INTEGER), String(MAX_PAGE + 1)]) {
        const res = await callRoute(route, withPage(url, param, page), { cookie, params });
        expect(res.status, `${url} ${param}=${page}`).toBe(400);
        const { error } = await res.json();
        expect(error.details, url).toEqual([{ path: param, message: `Too big: expected number to be <=${MAX_PAGE}` }]);
      }
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

import type { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as proposalsRoute } from '@/app/api/proposals/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { GET as runsRoute } from '@/app/api/reflection/runs/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import { prisma } from '@/lib/db/prisma';
import { skillContent } from '../../helpers/bank-factories';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Answer = {
  items: unknown[];
  total: number;
  page: number;
  pageCount: number;
  cursors: { after: string | null; before: string | null };
};

// Every keyset list, each narrowed to three rows of its own and read one row a page: three pages.
let cookie = '';
let lists: { url: string; route: Route }[] = [];
beforeAll(async () => {
  cookie = (await sessionCookie('ADMIN')).cookie;
  const benchmark = `keyset-${uid()}`;
  const trajectoryIds = await seedRecords([1, 2, 3].map(() => failedRecord({ benchmark })));
  const { taskId } = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryIds[0] } });
  const start = Date.parse('2026-05-01T12:00:00.000Z');
  const runs = await prisma.reflectionRun.createManyAndReturn({
    data: [0, 1, 2].map((i) => ({
      taskId,
      provider: 'OFFLINE' as const,
      status: 'SUCCEEDED' as const,
      createdAt: new Date(start + i * 1000),
    })),
  });
  await prisma.proposal.createMany({
    data: [0, 1, 2].map((i) => ({
      runId: runs[0].id,
      cardKind: 'SKILL' as const,
      ability: 'airline',
      operation: 'ADD_CARD' as const,
      proposedCard: skillContent({ title: `Keyset ${i}` }),
      reason: 'keyset edges',
      createdAt: new Date(start + i * 1000),
    })),
  });
  lists = [
    { url: `/api/tasks?benchmark=${benchmark}`, route: tasksRoute as Route },
    { url: `/api/queue?benchmark=${benchmark}`, route: queueRoute as Route },
    { url: `/api/reflection/runs?taskId=${taskId}`, route: runsRoute as Route },
    { url: `/api/proposals?runId=${runs[0].id}&status=all`, route: proposalsRoute as Route },
  ];
});

async function read(route: Route, url: string): Promise<Answer> {
  const res = await callRoute(route, url, { cookie });
  expect(res.status, url).toBe(200);
  return res.json();
}

describe('a keyset list asked for a page number past its end with a valid cursor', () => {
  it('answers the past-end page on every keyset list (no rows, no cursors, the real page count), not rows labelled "page 9999 of 3"', async () => {
    for (const { url, route } of lists) {
      const first = await read(route, `${url}&pageSize=1`);
      expect(first.items, url).toHaveLength(1);
      expect(first.pageCount, url).toBe(3);
      const after = first.cursors.after!;
      // The cursor itself is good: with its page number it reads the next row.
      const second = await read(route, `${url}&pageSize=1&page=2&after=${after}`);
      expect(second.items, url).toHaveLength(1);

      const past = await read(route, `${url}&pageSize=1&page=9999&after=${after}`);
      expect(past, url).toMatchObject({
        items: [],
        total: 3,
        page: 9999,
        pageCount: 3,
        cursors: { after: null, before: null },
      });
      const pastBack = await read(route, `${url}&pageSize=1&page=4&before=${second.cursors.before}`);
      expect(pastBack, url).toMatchObject({ items: [], page: 4, pageCount: 3, cursors: { after: null, before: null } });
    }
  });
});

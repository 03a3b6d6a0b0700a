import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { createApiToken } from '@/lib/users/api-tokens';
import type { Call, Ctx } from './audit-scenarios';
import { createActor, createUser, seedDemoTask } from './factories';
import { listApiRoutes } from './list-api-routes';
import { testRequest } from './next-headers-mock';

/**
 * Runs the scenarios of tests/helpers/audit-scenarios.ts against the real route
 * handlers (audit-coverage.test.ts, route-bad-input.test.ts). The test file must
 * mock next/headers with next-headers-mock.ts.
 */
export const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

export type MutatingRoute = { file: string; urlPattern: string; method: string; key: string };

/** Every mutating method of every route under app/api, keyed `METHOD /api/pattern` as SCENARIOS is. */
export function mutatingRoutes(): MutatingRoute[] {
  return listApiRoutes().flatMap((r) =>
    r.methods.filter((m) => MUTATING.includes(m)).map((method) => ({ ...r, method, key: `${method} ${r.urlPattern}` })),
  );
}

/** A user and an API token per role, and a seeded task: what the scenarios are given. */
export async function scenarioContext(): Promise<Ctx> {
  const roles: Role[] = ['ANNOTATOR', 'REVIEWER', 'RESEARCHER', 'ADMIN'];
  const admin = await createActor('ADMIN');
  const users = {} as Ctx['users'];
  const tokens = {} as Ctx['tokens'];
  for (const role of roles) {
    users[role] = await createUser(role);
    tokens[role] = (
      await createApiToken(admin, { name: `audit-${role}`, role, userId: users[role].id } as never)
    ).token;
  }
  const { taskId } = await seedDemoTask();
  return { tokens, users, taskId };
}

export const scenarioToken = (ctx: Ctx, c: Omit<Call, 'audit'>) => c.token ?? (c.role ? ctx.tokens[c.role] : undefined);

/**
 * Calls the route as the scenario says; `override` replaces the body as sent
 * (raw text, with its own headers) to try bad input on an otherwise valid call.
 */
export async function callScenario(
  ctx: Ctx,
  route: MutatingRoute,
  c: Omit<Call, 'audit'>,
  override?: { body: string; headers?: Record<string, string> },
): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `${process.cwd()}/${route.file}`)) as Record<
    string,
    (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
  >;
  let url = `http://localhost${route.urlPattern.replace(/\[(\w+)\]/g, (_m, name: string) => encodeURIComponent(c.params?.[name] ?? name))}`;
  const headers = new Headers({ host: 'localhost' });
  const token = scenarioToken(ctx, c);
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
  if (override) {
    body = override.body;
    for (const [k, v] of Object.entries(override.headers ?? { 'content-type': 'application/json' })) headers.set(k, v);
  }
  const req = new NextRequest(url, { method: route.method, headers, body });
  testRequest.current = req;
  return mod[route.method](req, { params: Promise.resolve(c.params ?? {}) });
}

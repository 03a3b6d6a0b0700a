import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { can, PERMISSIONS, ROLES, type Permission } from '@/lib/auth/permissions';
import { actorFromSession, login } from '@/lib/users/sessions';
import { createUser } from '../../helpers/factories';
import { callRouteFile, listApiRoutes } from '../../helpers/list-api-routes';
import { ROUTE_PERMISSIONS } from '../../helpers/route-permission-table';

// Route handlers read the caller from next/headers; outside a Next server the test supplies the request's headers.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => {
      const m = request.headers.get('cookie')?.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
      return m ? { name, value: m[1] } : undefined;
    },
  }),
}));

const ROOT = path.resolve(import.meta.dirname, '../../..');
type Access = { kind: 'public' } | { kind: 'permission'; permission: Permission } | { kind: 'unknown'; why: string };

/**
 * What a handler requires, read from its source: `export const GET = apiRoute('perm', …)` or
 * `publicRoute(…)`. Anything else (a bare function, a permission not in the table) cannot be
 * classified and fails the suite, so a new route without a check cannot slip in.
 */
function accessOf(source: string, method: string): Access {
  const m = new RegExp(
    `export\\s+const\\s+${method}\\s*=\\s*(apiRoute|publicRoute)\\s*(?:<[^>]*>)?\\s*\\(\\s*(?:'([^']+)')?`,
  ).exec(source);
  if (!m) return { kind: 'unknown', why: `${method} is not apiRoute('permission', …) or publicRoute(…)` };
  if (m[1] === 'publicRoute') return { kind: 'public' };
  if (!m[2] || !(m[2] in PERMISSIONS))
    return { kind: 'unknown', why: `${method} names a permission not in lib/auth/permissions.ts: ${m[2]}` };
  return { kind: 'permission', permission: m[2] as Permission };
}

const handlers = listApiRoutes().flatMap((r) => {
  const source = readFileSync(path.join(ROOT, r.file), 'utf8');
  return r.methods.map((method) => {
    const expected = ROUTE_PERMISSIONS[`${method} ${r.urlPattern}`];
    const access: Access =
      expected === undefined
        ? { kind: 'unknown', why: `${method} has no entry in tests/helpers/route-permission-table.ts` }
        : expected === 'public'
          ? { kind: 'public' }
          : { kind: 'permission', permission: expected };
    return { ...r, method, access, declared: accessOf(source, method) };
  });
});

const cookies = new Map<Role, string>();
const emails = new Map<Role, string>();
beforeAll(async () => {
  for (const role of ROLES) emails.set(role, (await createUser(role, { password: 'matrix-password' })).email);
});
// POST /api/auth/logout ends the session it is called with: sign in again where needed.
beforeEach(async () => {
  for (const role of ROLES) {
    const token = cookies.get(role)?.slice('mc_session='.length);
    if (!(await actorFromSession(token)))
      cookies.set(role, `mc_session=${(await login(emails.get(role)!, 'matrix-password', '127.0.0.9')).token}`);
  }
});

/** Calls one handler the way Next would: a request to the pattern with every [param] filled in. */
async function call(h: (typeof handlers)[number], cookie: string | null): Promise<number> {
  const params: Record<string, string> = {};
  const url = h.urlPattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => (params[name] = `matrix-${name}`));
  request.headers = new Headers({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
  const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(h.method);
  const req = new NextRequest(new URL(`http://localhost${url}`), {
    method: h.method,
    headers: request.headers,
    body: mutating ? '{}' : undefined,
  });
  return callRouteFile(h.file, h.method, req, params);
}

describe('role × route matrix', () => {
  it('finds the route handlers on disk, and can classify every one of them', () => {
    expect(handlers.length).toBeGreaterThan(30);
    expect(
      handlers
        .filter((h) => h.access.kind === 'unknown')
        .map((h) => `${h.file} ${h.access.kind === 'unknown' ? h.access.why : ''}`),
    ).toEqual([]);
  });

  it('declares in each route the permission the table gives it, and the table names no route that is gone', () => {
    const declaredWrong = handlers
      .filter((h) => h.access.kind !== 'unknown' && JSON.stringify(h.declared) !== JSON.stringify(h.access))
      .map(
        (h) => `${h.method} ${h.urlPattern}: table ${JSON.stringify(h.access)}, route ${JSON.stringify(h.declared)}`,
      );
    expect(declaredWrong).toEqual([]);
    const onDisk = new Set(handlers.map((h) => `${h.method} ${h.urlPattern}`));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((k) => !onDisk.has(k))).toEqual([]);
  });

  it.each(handlers.map((h) => [`${h.method} ${h.urlPattern}`, h] as const))(
    '%s answers each role by the permission table',
    async (_, h) => {
      const got: Record<string, number> = {};
      const want: Record<string, string> = {};
      got.anonymous = await call(h, null);
      want.anonymous = h.access.kind === 'public' ? 'not 401/403' : '401';
      for (const role of ROLES) {
        got[role] = await call(h, cookies.get(role)!);
        want[role] = h.access.kind === 'permission' && !can(role, h.access.permission) ? '403' : 'not 401/403';
      }
      const matches = (status: number, w: string) =>
        w === 'not 401/403' ? status !== 401 && status !== 403 && status < 500 : String(status) === w;
      const wrong = Object.keys(want).filter((who) => !matches(got[who], want[who]));
      expect(wrong.map((who) => `${who}: got ${got[who]}, want ${want[who]}`)).toEqual([]);
    },
  );
});

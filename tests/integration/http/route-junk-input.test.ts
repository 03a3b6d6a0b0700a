import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { can, ROLES, type Permission } from '@/lib/auth/permissions';
import { login } from '@/lib/users/sessions';
import { createUser } from '../../helpers/factories';
import { callRouteFile, listApiRoutes } from '../../helpers/list-api-routes';
import { testRequest } from '../../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const ROOT = path.resolve(import.meta.dirname, '../../..');

// Junk a client can send: malformed numbers, cursors, dates and enums, a NUL, bodies of the wrong shape.
const QUERIES = [
  'limit=-1&offset=-5',
  'limit=abc&page=abc',
  'limit=99999999999999999999&page=1e9',
  'cursor=garbage&after=zz&before=yy',
  'sort=zzz&order=sideways&status=NOPE',
  'from=notadate&to=2026-13-45&day=2026-02-30',
  'benchmark=a%00b&q=%00',
];
const BODIES = [
  '[]',
  'null',
  '"s"',
  'not json',
  '{"a":{"b":[1,{"c":null}]},"limit":-1,"k":"abc","name":123,"reason":null}',
  '{"name":"a\\u0000","label":"\\u0000","task":"\\u0000","key":"k"}',
];
const PARAMS = ['x\u0000', 'a'.repeat(600)];

const handlers = listApiRoutes()
  .flatMap((r) => r.methods.map((method) => ({ ...r, method })))
  // Ends the session the other calls use; its own input is covered by the logout tests.
  .filter((h) => h.urlPattern !== '/api/auth/logout');

const cookies = new Map<Role, string>();
beforeAll(async () => {
  for (const role of ROLES) {
    const user = await createUser(role, { password: 'junk-password' });
    cookies.set(role, `mc_session=${(await login(user.email, 'junk-password', '127.0.0.11')).token}`);
  }
});

/** The role to call a handler as: one its permission admits (read from its source by apiRoute's first argument), else admin. */
function roleFor(file: string, method: string): Role {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const permission = new RegExp(
    `export\\s+const\\s+${method}\\s*=\\s*apiRoute\\s*(?:<[^>]*>)?\\s*\\(\\s*'([^']+)'`,
  ).exec(source)?.[1] as Permission | undefined;
  return (permission && ROLES.find((r) => can(r, permission))) || 'ADMIN';
}

async function call(
  h: (typeof handlers)[number],
  role: Role,
  param: string,
  query: string,
  body: string | undefined,
): Promise<number> {
  const params: Record<string, string> = {};
  const url = h.urlPattern.replace(
    /\[(?:\.\.\.)?([^\]]+)\]/g,
    (_, name: string) => ((params[name] = param), encodeURIComponent(param)),
  );
  const headers = new Headers({
    cookie: cookies.get(role)!,
    host: 'console.test',
    origin: 'http://console.test',
    'content-type': 'application/json',
  });
  const req = new NextRequest(`http://console.test${url}${query ? `?${query}` : ''}`, {
    method: h.method,
    headers,
    body,
  });
  testRequest.current = req;
  return callRouteFile(h.file, h.method, req, params);
}

describe('junk input', () => {
  it.each(handlers.map((h) => [`${h.method} ${h.urlPattern}`, h] as const))(
    '%s answers it without a server error (a refusal or a clamped answer, never 5xx)',
    async (_, h) => {
      const role = roleFor(h.file, h.method);
      const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(h.method);
      const params = h.urlPattern.includes('[') ? PARAMS : [''];
      const failures: string[] = [];
      for (const param of params) {
        for (const input of mutating ? BODIES : QUERIES) {
          const status = await call(h, role, param, mutating ? '' : input, mutating ? input : undefined);
          if (status >= 500)
            failures.push(
              `${status} for ${mutating ? `body ${input}` : `?${input}`}${param ? ` with param ${JSON.stringify(param.slice(0, 12))}` : ''}`,
            );
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextRequest } from 'next/server';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(p);
    return /^route\.(ts|tsx|js)$/.test(e.name) ? [p] : [];
  });
}

/**
 * Every route handler file under app/api (and app/v1, the OTLP receiver's path), found on the file system (so a route
 * added tomorrow is listed without touching this file): its path relative to the
 * repository, its URL pattern (`/api/tasks/[taskId]/contrast`; route groups
 * dropped) and the HTTP methods it exports.
 */
export function listApiRoutes(): { file: string; urlPattern: string; methods: string[] }[] {
  return ['api', 'v1']
    .flatMap((top) => routeFiles(path.join(ROOT, 'app', top)))
    .map((abs) => {
      const file = path.relative(ROOT, abs).split(path.sep).join('/');
      const segments = path
        .dirname(file)
        .split('/')
        .slice(1)
        .filter((s) => !/^\(.*\)$/.test(s));
      const source = readFileSync(abs, 'utf8');
      const methods = METHODS.filter((m) =>
        new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source),
      );
      return { file, urlPattern: `/${segments.join('/')}`, methods };
    })
    .sort((a, b) => a.urlPattern.localeCompare(b.urlPattern));
}

/** Calls the `method` handler of a route file (as listApiRoutes names it) directly; the answer's status, its body discarded. */
export async function callRouteFile(
  file: string,
  method: string,
  req: NextRequest,
  params: Record<string, string>,
): Promise<number> {
  const mod = (await import(path.join(ROOT, file))) as Record<
    string,
    (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>
  >;
  const res = await mod[method](req, { params: Promise.resolve(params) });
  await res.body?.cancel().catch(() => undefined);
  return res.status;
}

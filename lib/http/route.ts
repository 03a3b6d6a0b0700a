import { NextResponse, type NextRequest } from 'next/server';
import { ZodError } from 'zod';
import { currentActor } from '@/lib/users/current-actor';
import { requirePermission, type Actor, type Permission } from '@/lib/auth/permissions';
import { runAsRequestActor } from '@/lib/auth/request-actor';
import { transientDatabaseError } from '@/lib/db/transient-error';
import { AppError } from '@/lib/errors';
import { assertStorableText } from './unstorable-text';

export { readJson, readNoFields } from './json-body';

type RouteContext<P> = { params: Promise<P> };

type Handler<P> = (args: { req: NextRequest; actor: Actor; params: P }) => Promise<unknown>;
type PublicHandler<P> = (args: { req: NextRequest; actor: Actor | null; params: P }) => Promise<unknown>;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host:port of an Origin header, or null when it is not a URL ("null", garbage). */
function originHost(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null;
}

/**
 * Cookie-authenticated mutations must come from our own origin (CSRF defence on
 * top of SameSite=Lax cookies). Token callers carry no ambient credentials.
 */
function assertSameOrigin(req: NextRequest, actor: Actor | null) {
  if (!MUTATING.has(req.method) || actor?.via === 'token') return;
  const origin = req.headers.get('origin');
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  if (origin) {
    const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
    // "Origin: null" (a sandboxed frame, a file, a cross-site redirect) or anything else that is not a URL
    // names no origin of ours: refused like another site's, not a 500 from the parser.
    if (host && originHost(origin) !== host) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
}

/**
 * One detail per problem, at its path. A field the schema does not know (a strict body) is named at its own
 * path, `settings.provder`, not at its parent's (`settings`, or nothing for a top-level field) as zod puts it.
 */
function issueDetails(i: ZodError['issues'][number]): { path: string; message: string }[] {
  if (i.code === 'unrecognized_keys')
    return i.keys.map((key) => ({
      path: [...i.path, key].join('.'),
      message: 'unknown field, not one this request takes',
    }));
  return [{ path: i.path.join('.'), message: i.message }];
}

/** Maps any thrown error to a JSON response, once, for every route handler. */
export function errorResponse(err: unknown): NextResponse {
  if (err instanceof AppError) {
    const { retryAfterSeconds: retryAfter, reason } = err.options;
    return NextResponse.json(
      {
        error: {
          code: err.code,
          message: err.message,
          details: err.details,
          ...(reason ? { reason } : {}),
          ...(retryAfter ? { retryAfterSeconds: retryAfter } : {}),
        },
      },
      { status: err.status, headers: retryAfter ? { 'Retry-After': String(retryAfter) } : undefined },
    );
  }
  if (err instanceof ZodError) {
    const details = err.issues.flatMap(issueDetails);
    // A message that names its field already ("page must be …") is not prefixed with it a second time.
    const summary = details
      .map((d) => (d.path && !d.message.startsWith(`${d.path} `) ? `${d.path}: ${d.message}` : d.message))
      .join('; ');
    return NextResponse.json(
      { error: { code: 'VALIDATION', message: `Invalid request: ${summary}`, details } },
      { status: 400 },
    );
  }
  if (err instanceof SyntaxError) {
    return NextResponse.json(
      { error: { code: 'VALIDATION', message: `Malformed JSON body: ${err.message}`, details: [] } },
      { status: 400 },
    );
  }
  if (err instanceof URIError) {
    // A route decoding a value that is not valid percent-encoding (a release name "%ff" after the router's decoding).
    return NextResponse.json(
      {
        error: {
          code: 'VALIDATION',
          message: 'A value in the path is not valid percent-encoding (each % must start a UTF-8 byte like %C3%A9)',
          details: [{ path: 'path', message: 'not valid percent-encoding' }],
        },
      },
      { status: 400 },
    );
  }
  const busy = transientDatabaseError(err);
  if (busy) {
    // Logged as a warning: expected under load or behind a long admin action, worth counting, not a bug.
    console.warn(
      `${busy.message} (${err instanceof Error ? err.message.split('\n').filter(Boolean).pop() : String(err)})`,
    );
    return errorResponse(busy);
  }
  console.error(err);
  return NextResponse.json(
    { error: { code: 'INTERNAL', message: 'Internal error; see the server log', details: [] } },
    { status: 500 },
  );
}

/**
 * What every answer of ours may be kept as: nowhere. They are one signed-in
 * user's data (or a refusal, or a session cookie being set), and without a
 * Cache-Control a shared proxy or the browser's back/forward cache may keep one
 * and show it to the next user or after logout. A handler that knows better
 * sets its own (the release export's ETag revalidation, the live streams).
 */
export const DEFAULT_CACHE_CONTROL = 'private, no-store';

function uncached(res: Response): Response {
  if (res.headers.has('cache-control')) return res;
  try {
    res.headers.set('cache-control', DEFAULT_CACHE_CONTROL);
    return res;
  } catch {
    // Immutable headers (Response.redirect, a fetched response): answer with a copy that carries it.
    const headers = new Headers(res.headers);
    headers.set('cache-control', DEFAULT_CACHE_CONTROL);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return uncached(result);
  if (result === undefined) return uncached(new NextResponse(null, { status: 204 }));
  return uncached(NextResponse.json(result));
}

/** A route handler that requires a permission. The permission check runs on every call. */
export function apiRoute<P = Record<string, never>>(permission: Permission, handler: Handler<P>) {
  return async (req: NextRequest, ctx: RouteContext<P>): Promise<Response> => {
    try {
      const actor = await currentActor({ explainDeadToken: true });
      assertSameOrigin(req, actor);
      requirePermission(actor, permission);
      const params = await ctx.params;
      assertStorableText({ path: params, query: req.nextUrl.searchParams });
      // As the request's actor: what it audits names the API token it came through (lib/audit/record.ts).
      return toResponse(await runAsRequestActor(actor, () => handler({ req, actor: actor!, params })));
    } catch (err) {
      return uncached(errorResponse(err));
    }
  };
}

/** A route handler open to anonymous callers (login). Still CSRF-checked. */
export function publicRoute<P = Record<string, never>>(handler: PublicHandler<P>) {
  return async (req: NextRequest, ctx: RouteContext<P>): Promise<Response> => {
    try {
      const actor = await currentActor();
      assertSameOrigin(req, actor);
      const params = await ctx.params;
      assertStorableText({ path: params, query: req.nextUrl.searchParams });
      return toResponse(await runAsRequestActor(actor, () => handler({ req, actor, params })));
    } catch (err) {
      return uncached(errorResponse(err));
    }
  };
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { JSON_BODY_LIMIT_BYTES } from '@/lib/http/json-body';
import { stopBoss } from '@/lib/jobs/boss';
import { SCENARIOS, type Call, type Ctx } from '../helpers/audit-scenarios';
import { callScenario, mutatingRoutes, scenarioContext, type MutatingRoute } from '../helpers/scenario-call';

/**
 * Bad input to every mutating route, table-driven from the audit scenarios
 * (tests/helpers/audit-scenarios.ts: one valid call per route). Each scenario's
 * valid body is spoilt one way at a time — malformed JSON, a form post, a body
 * over the limit, a NUL, a field of the wrong type, an id that does not exist —
 * and every answer must be a 4xx naming what is wrong and where, never a 5xx;
 * none of them may change a row; and the unspoilt call must still succeed
 * (so each refusal was for the spoilt part). route-junk-input.test.ts sends
 * junk without a valid base and only checks for "no 5xx".
 */
vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/**
 * Body fields a route deliberately ignores or answers idempotently; each with why.
 * Keep this short: a field listed here is one a client can get wrong unseen.
 */
const NOT_REFUSED: Record<string, string> = {
  'PATCH /api/diagnoses/[id] checkpointResultId': 'an edit stays on the diagnosis’s own checkpoint; the field is overridden, not read',
  'POST /api/queue/release trajectoryId (unknown id)': 'releasing is idempotent: an id without a claim answers { released: false }',
};

/**
 * Routes that refuse a field they do not know, naming it (a misspelt `rol` or `expiresIn` would otherwise be
 * dropped while the call "succeeds"). The other routes still ignore unknown fields: making them strict too is
 * a decision for their owners (clients may send extra fields today).
 */
const REFUSE_UNKNOWN_FIELDS = new Set(['POST /api/admin/users', 'PATCH /api/admin/users/[id]', 'POST /api/admin/tokens', 'PUT /api/reflection/llm-settings', 'POST /api/releases']);

type Variant = { name: string; body: string; headers?: Record<string, string>; status: number; names: string };

const json = { 'content-type': 'application/json' };

/** A value of a type no schema accepts where `value` is expected. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 42;
  return 'not-an-object';
}

function variants(key: string, body: Record<string, unknown>): Variant[] {
  const fields = Object.keys(body);
  const firstText = fields.find((k) => typeof body[k] === 'string');
  const huge = JSON.stringify({ ...body, padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
  return [
    { name: 'malformed JSON', body: '{"a":', headers: json, status: 400, names: 'JSON' },
    { name: 'a form post', body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 400, names: 'Content-Type: application/x-www-form-urlencoded' },
    { name: 'a body over the limit (streamed, no length)', body: huge, headers: json, status: 413, names: '1 MiB' },
    { name: 'a body over the limit (declared length)', body: huge, headers: { ...json, 'content-length': String(huge.length) }, status: 413, names: `${huge.length.toLocaleString('en-US')} bytes` },
    ...(REFUSE_UNKNOWN_FIELDS.has(key) ? [{ name: 'a misspelt field', body: JSON.stringify({ ...body, misspeltField: 1 }), headers: json, status: 400, names: 'misspeltField' }] : []),
    ...(firstText ? [{ name: `a NUL in ${firstText}`, body: JSON.stringify({ ...body, [firstText]: 'a\u0000b' }), headers: json, status: 400, names: `body.${firstText}` }] : []),
    ...fields
      .filter((k) => !NOT_REFUSED[`${key} ${k}`])
      .map((k) => ({ name: `${k} of the wrong type`, body: JSON.stringify({ ...body, [k]: wrongType(body[k]) }), headers: json, status: 400, names: k })),
    ...fields
      .filter((k) => /Id$/.test(k) && typeof body[k] === 'string' && !NOT_REFUSED[`${key} ${k}`] && !NOT_REFUSED[`${key} ${k} (unknown id)`])
      .map((k) => ({ name: `an unknown ${k}`, body: JSON.stringify({ ...body, [k]: 'does-not-exist' }), headers: json, status: 0, names: '' })),
  ];
}

/** Every row of every table the console writes, hashed per table (tokens' lastUsedAt and the throttle's counters aside). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name::text AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('ApiToken', 'rate_limit', '_prisma_migrations')`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ h: string | null }[]>(`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM "${name}" t`);
    out[name] = row.h ?? '';
  }
  return out;
}

/** What the answer names: its message and each detail's path and message. */
async function answerText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: { path?: string; message: string }[] } } | null;
  const e = body?.error;
  return [e?.message ?? '', ...(e?.details ?? []).map((d) => `${d.path ?? ''}: ${d.message}`)].join(' | ');
}

const routes = mutatingRoutes().filter((r) => SCENARIOS[r.key]);
let ctx: Ctx;

beforeAll(async () => {
  ctx = await scenarioContext();
});

afterAll(async () => {
  await stopBoss();
});

async function refusals(route: MutatingRoute, c: Call): Promise<string[]> {
  const failures: string[] = [];
  const tries: { name: string; call: Call; override?: Variant; status: number; names: string }[] = [];
  if (c.body !== undefined && c.body !== null && typeof c.body === 'object') {
    for (const v of variants(route.key, c.body as Record<string, unknown>)) tries.push({ name: v.name, call: c, override: v, status: v.status, names: v.names });
  }
  for (const name of Object.keys(c.params ?? {})) {
    tries.push({ name: `an unknown ${name} in the path`, call: { ...c, params: { ...c.params, [name]: 'does-not-exist' } }, status: 404, names: 'not found' });
  }
  for (const t of tries) {
    const res = await callScenario(ctx, route, t.call, t.override);
    const text = await answerText(res);
    // status 0: any 4xx will do (an unknown id is a 404, or a 400/409 naming the field), as long as it names the field.
    const statusOk = t.status ? res.status === t.status : res.status >= 400 && res.status < 500;
    const names = t.names || (t.override ? t.name.replace('an unknown ', '') : '');
    const namesIt = !names || text.toLowerCase().includes(names.toLowerCase()) || (t.status === 0 && /not found/i.test(text));
    if (!statusOk || !namesIt) failures.push(`${t.name}: ${res.status} ${text || '(no message)'}`);
  }
  return failures;
}

describe('bad input to mutating routes', () => {
  it('covers every route that has an audit scenario', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const route of routes) {
    it(`${route.key} answers bad input with a 4xx naming what and where, and writes nothing`, async () => {
      const c = await SCENARIOS[route.key](ctx);
      const before = await snapshot();
      expect(await refusals(route, c)).toEqual([]);
      expect(await snapshot()).toEqual(before);
      // The unspoilt call still works: every refusal above was for what was spoilt.
      const ok = await callScenario(ctx, route, c);
      expect({ status: ok.status, text: ok.status >= 300 ? await answerText(ok) : '' }).toEqual({ status: ok.status < 300 ? ok.status : 200, text: '' });
    });
  }
});

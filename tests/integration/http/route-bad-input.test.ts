import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { JSON_BODY_LIMIT_BYTES } from '@/lib/http/json-body';
import { stopBoss } from '@/lib/jobs/boss';
import { SCENARIOS, type Call, type Ctx } from '../../helpers/audit-scenarios';
import { pendingPatch } from '../../helpers/review-fixtures';
import { callScenario, mutatingRoutes, scenarioContext, type MutatingRoute } from '../../helpers/scenario-call';

/**
 * Bad input to every mutating route, table-driven from the audit scenarios
 * (tests/helpers/audit-scenarios.ts: one valid call per route). Each scenario's
 * valid body is spoilt one way at a time — malformed JSON, a form post, a body
 * over the limit, a NUL, a field of the wrong type, an id that does not exist —
 * and every answer must be a 4xx naming what is wrong and where, never a 5xx;
 * none of them may change a row; and the unspoilt call must still succeed
 * (so each refusal was for the spoilt part). route-junk-input.test.ts sends
 * junk without a valid base and only checks for "no 5xx". Routes that write
 * nothing (no audit scenario) bring a valid call of their own (READ_ONLY_CALLS).
 */
vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/**
 * Body fields a route deliberately ignores or answers idempotently; each with why.
 * Keep this short: a field listed here is one a client can get wrong unseen.
 */
const NOT_REFUSED: Record<string, string> = {};

/**
 * Every route refuses a field it does not know, naming it and where (`misspeltField`, `settings.misspeltField`):
 * a misspelt `comentt` or `rol` was dropped while the call "succeeded". These take no JSON body at all, so there
 * is no field to refuse; each with why. A route added later is tried like the others unless listed here.
 */
const READS_NO_FIELDS: Record<string, string> = {
  'POST /api/auth/logout': 'ends the caller’s session whatever is sent (the no-JavaScript form posts fields)',
  'DELETE /api/admin/tokens/[id]': 'a DELETE: the path names the token, a body is not read',
};

/** Valid calls of the mutating routes that write nothing (so have no audit scenario), to spoil the same way. */
const READ_ONLY_CALLS: Record<string, (ctx: Ctx) => Promise<Omit<Call, 'audit'>>> = {
  'POST /api/retrieve': async () => ({
    role: 'RESEARCHER',
    body: { task: 'Find the newest invoice and reply to it', release: 'current', k: 3 },
  }),
  'POST /api/retrieve/preview': async () => ({
    role: 'RESEARCHER',
    body: { task: 'Find the newest invoice and reply to it', release: 'current' },
  }),
  'POST /api/proposals/[proposalId]/validate': async () => ({
    role: 'REVIEWER',
    params: { proposalId: (await pendingPatch()).proposal.id },
    body: {},
  }),
};

/** Mutating routes this suite does not call; each with why. */
const NOT_TRIED: Record<string, string> = {
  'POST /api/retrieve/ping':
    'an authenticated no-op (the retrieval benchmark’s baseline): reads nothing, writes nothing',
  'POST /api/admin/llm-connection':
    'needs an LLM endpoint to succeed; its strict body is tested in llm-connection-test.test.ts',
  'POST /v1/traces':
    'OTLP has its own rules for bad input (unknown fields are ignored, as the protobuf JSON mapping requires; its body limit is 16 MiB, not the JSON one): tested in tests/integration/otlp/receiver-bad-input.test.ts',
};

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

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field no route takes, at the top and inside the first object-valued field (`settings`, `models`). */
function unknownFieldVariants(body: Record<string, unknown>): Variant[] {
  const nested = Object.keys(body).find((k) => isPlainObject(body[k]));
  return [
    {
      name: 'a misspelt field',
      body: JSON.stringify({ ...body, misspeltField: 1 }),
      headers: json,
      status: 400,
      names: 'misspeltField: unknown field',
    },
    ...(nested
      ? [
          {
            name: `a misspelt field in ${nested}`,
            body: JSON.stringify({ ...body, [nested]: { ...(body[nested] as object), misspeltField: 1 } }),
            headers: json,
            status: 400,
            names: `${nested}.misspeltField: unknown field`,
          },
        ]
      : []),
  ];
}

function variants(key: string, body: Record<string, unknown>): Variant[] {
  const fields = Object.keys(body);
  const firstText = fields.find((k) => typeof body[k] === 'string');
  const huge = JSON.stringify({ ...body, padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
  return [
    { name: 'malformed JSON', body: '{"a":', headers: json, status: 400, names: 'JSON' },
    {
      name: 'a form post',
      body: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 400,
      names: 'Content-Type: application/x-www-form-urlencoded',
    },
    { name: 'a body over the limit (streamed, no length)', body: huge, headers: json, status: 413, names: '1 MiB' },
    {
      name: 'a body over the limit (declared length)',
      body: huge,
      headers: { ...json, 'content-length': String(huge.length) },
      status: 413,
      names: `${huge.length.toLocaleString('en-US')} bytes`,
    },
    ...(READS_NO_FIELDS[key] ? [] : unknownFieldVariants(body)),
    ...(firstText
      ? [
          {
            name: `a NUL in ${firstText}`,
            body: JSON.stringify({ ...body, [firstText]: 'a\u0000b' }),
            headers: json,
            status: 400,
            names: `body.${firstText}`,
          },
        ]
      : []),
    ...fields
      .filter((k) => !NOT_REFUSED[`${key} ${k}`])
      .map((k) => ({
        name: `${k} of the wrong type`,
        body: JSON.stringify({ ...body, [k]: wrongType(body[k]) }),
        headers: json,
        status: 400,
        names: k,
      })),
    ...fields
      .filter(
        (k) =>
          /Id$/.test(k) &&
          typeof body[k] === 'string' &&
          !NOT_REFUSED[`${key} ${k}`] &&
          !NOT_REFUSED[`${key} ${k} (unknown id)`],
      )
      .map((k) => ({
        name: `an unknown ${k}`,
        body: JSON.stringify({ ...body, [k]: 'does-not-exist' }),
        headers: json,
        status: 0,
        names: '',
      })),
  ];
}

/** Every row of every table the console writes, hashed per table (tokens' lastUsedAt and the throttle's counters aside). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name::text AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('ApiToken', 'rate_limit', '_prisma_migrations')`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ h: string | null }[]>(
      `SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM "${name}" t`,
    );
    out[name] = row.h ?? '';
  }
  return out;
}

/** What the answer names: its message and each detail's path and message. */
async function answerText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; details?: { path?: string; message: string }[] };
  } | null;
  const e = body?.error;
  return [e?.message ?? '', ...(e?.details ?? []).map((d) => `${d.path ?? ''}: ${d.message}`)].join(' | ');
}

const callOf = (key: string) => SCENARIOS[key] ?? READ_ONLY_CALLS[key];
const routes = mutatingRoutes().filter((r) => callOf(r.key) && !NOT_TRIED[r.key]);
let ctx: Ctx;

beforeAll(async () => {
  ctx = await scenarioContext();
});

afterAll(async () => {
  await stopBoss();
});

async function refusals(route: MutatingRoute, c: Omit<Call, 'audit'>): Promise<string[]> {
  const failures: string[] = [];
  const tries: { name: string; call: Omit<Call, 'audit'>; override?: Variant; status: number; names: string }[] = [];
  // An upload's fields are its query parameters (and form fields): a misspelt one is refused as a JSON field is.
  if (c.raw) {
    const raw = { ...c.raw, query: `${c.raw.query}&misspeltField=1` };
    tries.push({
      name: 'a misspelt query field',
      call: { ...c, raw },
      status: 400,
      names: 'misspeltField: unknown field',
    });
  }
  // A route called without a body (recurate) must still refuse one with a field in it.
  const body = c.body === undefined && !c.raw ? {} : c.body;
  if (isPlainObject(body)) {
    const spoilt =
      c.body === undefined ? (READS_NO_FIELDS[route.key] ? [] : unknownFieldVariants(body)) : variants(route.key, body);
    for (const v of spoilt) tries.push({ name: v.name, call: c, override: v, status: v.status, names: v.names });
  }
  for (const name of Object.keys(c.params ?? {})) {
    tries.push({
      name: `an unknown ${name} in the path`,
      call: { ...c, params: { ...c.params, [name]: 'does-not-exist' } },
      status: 404,
      names: 'not found',
    });
  }
  for (const t of tries) {
    const res = await callScenario(ctx, route, t.call, t.override);
    const text = await answerText(res);
    // status 0: any 4xx will do (an unknown id is a 404, or a 400/409 naming the field), as long as it names the field.
    const statusOk = t.status ? res.status === t.status : res.status >= 400 && res.status < 500;
    const names = t.names || (t.override ? t.name.replace('an unknown ', '') : '');
    const namesIt =
      !names || text.toLowerCase().includes(names.toLowerCase()) || (t.status === 0 && /not found/i.test(text));
    if (!statusOk || !namesIt) failures.push(`${t.name}: ${res.status} ${text || '(no message)'}`);
  }
  return failures;
}

describe('bad input to mutating routes', () => {
  it('tries every mutating route found under app/api, or says why not (a new route is tried once it has a scenario)', () => {
    const untried = mutatingRoutes()
      .filter((r) => !callOf(r.key) && !NOT_TRIED[r.key])
      .map((r) => r.key);
    expect(untried).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const route of routes) {
    it(`${route.key} answers bad input with a 4xx naming what and where, and writes nothing`, async () => {
      const c = await callOf(route.key)(ctx);
      const before = await snapshot();
      expect(await refusals(route, c)).toEqual([]);
      expect(await snapshot()).toEqual(before);
      // The unspoilt call still works: every refusal above was for what was spoilt.
      const ok = await callScenario(ctx, route, c);
      expect({ status: ok.status, text: ok.status >= 300 ? await answerText(ok) : '' }).toEqual({
        status: ok.status < 300 ? ok.status : 200,
        text: '',
      });
    });
  }
});

import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { POST } from '@/app/v1/traces/route';
import { traceBuildsIdle } from '@/lib/otlp/build-pending-traces';
import { otlpLimiter, OTLP_REQUESTS_PER_MINUTE } from '@/lib/otlp/ingest-throttle';
import { otlpTypes } from '@/lib/otlp/otlp-proto';
import { callRoute } from '../../helpers/call-route';
import { otlpToken } from '../../helpers/otlp-receiver';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const hex = (n: number, bytes: number) => n.toString(16).padStart(bytes * 2, '0');
const nowNs = BigInt(Date.now()) * 1_000_000n;

/** An OTLP/JSON span (ids hex, times decimal strings), as the spec writes them. */
function jsonSpan(trace: number, span: number, over: Record<string, unknown> = {}) {
  return {
    traceId: hex(trace, 16),
    spanId: hex(span, 8),
    name: `span ${span}`,
    startTimeUnixNano: String(nowNs),
    endTimeUnixNano: String(nowNs + 1000n),
    attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }],
    ...over,
  };
}
const jsonBody = (spans: unknown[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

async function post(token: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
  return callRoute(POST, '/v1/traces', {
    method: 'POST',
    token,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An error body read as the google.rpc.Status the OTLP specification requires of a protobuf request's answer. */
function rpcStatus(body: ArrayBuffer) {
  const { status } = otlpTypes();
  return status.toObject(status.decode(new Uint8Array(body)), { defaults: true }) as { code: number; message: string };
}

afterEach(() => vi.restoreAllMocks());

describe('the OTLP receiver answers bad input per the OTLP specification, writing nothing half', () => {
  it('garbage protobuf and a gzip body that is not gzip: 400 naming the body', async () => {
    const { token } = await otlpToken();
    const garbage = await post(token, Buffer.from('this is not a protobuf message at all'), {
      'content-type': 'application/x-protobuf',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.headers.get('content-type')).toBe('application/x-protobuf');
    expect(rpcStatus(await garbage.arrayBuffer())).toMatchObject({
      code: 3,
      message: expect.stringMatching(/not an OTLP protobuf ExportTraceServiceRequest/),
    });
    const notGzip = await post(token, jsonBody([]), { 'content-encoding': 'gzip' });
    expect(notGzip.status).toBe(400);
    expect(notGzip.headers.get('content-type')).toBe('application/json');
    expect((await notGzip.json()).message).toMatch(/not gzip data/);
    expect(await prisma.otlpSpan.count()).toBe(0);
  });

  it('JSON of the wrong shape: 400 naming the field; unknown fields are ignored (an empty request is fine)', async () => {
    const { token } = await otlpToken();
    const wrong = await post(token, JSON.stringify({ resourceSpans: [{ scopeSpans: 'spans go here' }] }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 3,
      message: expect.stringMatching(/resourceSpans\.0\.scopeSpans/),
      details: [],
    });
    expect((await post(token, '[1, 2, 3]')).status).toBe(400);
    expect((await post(token, '{"resourceSpans": [')).status).toBe(400);
    const unknown = await post(token, JSON.stringify({ somethingNew: true }));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({});
  });

  it('spans with missing ids or ending before they start: 200 with partialSuccess; the good spans are kept', async () => {
    const { id, token } = await otlpToken();
    const res = await post(
      token,
      jsonBody([
        jsonSpan(1, 1),
        jsonSpan(1, 2, { spanId: '' }),
        jsonSpan(0, 3),
        jsonSpan(1, 4, { startTimeUnixNano: String(nowNs + 5000n) }),
        jsonSpan(1, 5, { traceId: 'xyz' }),
      ]),
    );
    expect(res.status).toBe(200);
    const { partialSuccess } = await res.json();
    expect(partialSuccess.rejectedSpans).toBe(4);
    expect(partialSuccess.errorMessage).toContain('resourceSpans[0].scopeSpans[0].spans[1]: spanId is missing');
    expect(partialSuccess.errorMessage).toContain('spans[2]: traceId is all zeroes');
    expect(partialSuccess.errorMessage).toContain('spans[3]: the span ends');
    expect(partialSuccess.errorMessage).toContain('spans[4]: traceId must be 16 bytes');
    expect(await prisma.otlpSpan.findMany({ select: { spanId: true } })).toEqual([{ spanId: hex(1, 8) }]);
    const ingest = await prisma.otlpIngest.findUniqueOrThrow({ where: { sourceKey: `token:${id}` } });
    expect(ingest).toMatchObject({ spansAccepted: 1, spansRejected: 4, requests: 1 });
    expect((ingest.recentRejections as { reason: string }[])[0].reason).toMatch(/spanId is missing/);
  });

  it('a NUL in a span name or attribute is kept as U+FFFD, not a failed request', async () => {
    const { token } = await otlpToken();
    const span = jsonSpan(5, 1, {
      name: 'bad\u0000name',
      attributes: [{ key: 'note', value: { stringValue: 'a\u0000b' } }],
    });
    const res = await post(token, jsonBody([span]));
    expect(res.status).toBe(200);
    const staged = await prisma.otlpSpan.findFirstOrThrow({ where: { traceId: hex(5, 16) } });
    expect(staged.name).toBe('bad\uFFFDname');
    expect((staged.span as { attributes: { note: string } }).attributes.note).toBe('a\uFFFDb');
    await traceBuildsIdle();
    const t = await prisma.trajectory.findFirstOrThrow({ where: { externalId: `otlp-${hex(5, 16)}` } });
    expect(t).toBeTruthy();
  });

  it('answers a protobuf request in protobuf, partial success included', async () => {
    const { token } = await otlpToken();
    const { request, response } = otlpTypes();
    const body = request
      .encode(
        request.fromObject({
          resourceSpans: [
            {
              scopeSpans: [{ spans: [{ traceId: Buffer.alloc(16, 7), spanId: Buffer.alloc(3, 1), name: 'short id' }] }],
            },
          ],
        }),
      )
      .finish();
    const res = await post(token, body, { 'content-type': 'application/x-protobuf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    const decoded = response.toObject(response.decode(new Uint8Array(await res.arrayBuffer())), { longs: Number });
    expect(decoded.partialSuccess).toEqual({
      rejectedSpans: 1,
      errorMessage: expect.stringMatching(/spanId must be 8 bytes/),
    });
  });

  it('a 50 MB request, declared or streamed, and a small gzip body that inflates past the limit: 413', async () => {
    const { token } = await otlpToken();
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    const declared = await post(token, big, { 'content-length': String(big.length) });
    expect(declared.status).toBe(413);
    expect((await declared.json()).message).toMatch(/at most 16,777,216 bytes/);
    expect((await post(token, big)).status).toBe(413);
    const bigProto = await post(token, big, { 'content-type': 'application/x-protobuf' });
    expect(bigProto.status).toBe(413);
    expect(rpcStatus(await bigProto.arrayBuffer()).message).toMatch(/at most 16,777,216 bytes/);
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const inflated = await post(token, bomb, { 'content-encoding': 'gzip' });
    expect(inflated.status).toBe(413);
    expect((await inflated.json()).message).toMatch(/un-gzipped request body is too large/);
    // Still serving.
    expect((await post(token, jsonBody([jsonSpan(9, 9)]))).status).toBe(200);
  });

  it('no token, a dead token, a role that may not import: 401 / 401 / 403; nothing staged', async () => {
    const noToken = await callRoute(POST, '/v1/traces', { method: 'POST', body: jsonBody([jsonSpan(2, 1)]) });
    expect(noToken.status).toBe(401);
    expect((await post('mct_not_a_real_token', jsonBody([jsonSpan(2, 1)]))).status).toBe(401);
    const annotator = await otlpToken('ANNOTATOR');
    const refused = await post(annotator.token, jsonBody([jsonSpan(2, 1)]));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/needs import:run/);
    expect(await prisma.otlpSpan.count({ where: { traceId: hex(2, 16) } })).toBe(0);
  });

  it('a sender over its allowance: 429 with Retry-After, and the body is not read', async () => {
    const { id, token } = await otlpToken();
    await otlpLimiter().penalty(`token:${id}`, OTLP_REQUESTS_PER_MINUTE);
    const res = await post(token, jsonBody([jsonSpan(3, 1)]));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ code: 8, message: expect.stringMatching(/\S/), details: [] });
    const proto = await post(token, new Uint8Array(0), { 'content-type': 'application/x-protobuf' });
    expect(proto.status).toBe(429);
    expect(Number(proto.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rpcStatus(await proto.arrayBuffer())).toMatchObject({ code: 8, message: expect.stringMatching(/\S/) });
    expect(await prisma.otlpSpan.count({ where: { traceId: hex(3, 16) } })).toBe(0);
  });

  it('a request that fails while writing leaves nothing: no span, no count, no audit entry', async () => {
    const { id, token } = await otlpToken();
    const audit = await import('@/lib/audit/record');
    vi.spyOn(audit, 'recordAuditOn').mockRejectedValueOnce(new Error('database went away'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await post(token, jsonBody([jsonSpan(4, 1)]));
    expect(res.status).toBe(500);
    expect(await prisma.otlpSpan.count({ where: { traceId: hex(4, 16) } })).toBe(0);
    expect(await prisma.otlpTrace.count({ where: { traceId: hex(4, 16) } })).toBe(0);
    expect(await prisma.otlpIngest.count({ where: { sourceKey: `token:${id}` } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: 'otlp.receive', apiTokenId: id } })).toBe(0);
  });
});

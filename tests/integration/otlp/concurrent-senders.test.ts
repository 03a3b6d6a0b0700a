import { describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { kickTraceBuilds, OTLP_QUIET_PERIOD_MS } from '@/lib/otlp/build-pending-traces';
import { receiveTraces } from '@/lib/otlp/receive-traces';
import { createActor, uid } from '../../helpers/factories';
import { trajectoryOfTrace } from '../../helpers/otlp-sdk';

const t0 = BigInt(Date.now() - 3_600_000) * 1_000_000n;
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const ROOT = '00000000000000aa';
const TOOLS = 40;
const TRACES = 6;

/** An OTLP/JSON span of `traceId`, `at` and `to` in ns after t0. */
const jsonSpan = (traceId: string, spanId: string, parentSpanId: string | undefined, at: bigint, to: bigint) => ({
  traceId,
  spanId,
  ...(parentSpanId ? { parentSpanId } : {}),
  startTimeUnixNano: String(t0 + at),
  endTimeUnixNano: String(t0 + to),
});

/** A trace's spans: its root (ended) and TOOLS tool spans, each one call and its result. */
function traceSpans(traceId: string, benchmark: string) {
  const root = {
    ...jsonSpan(traceId, ROOT, undefined, 0n, 1_000_000n),
    name: 'invoke_agent',
    attributes: [str('memory_console.task.id', 'shop/1'), str('memory_console.benchmark', benchmark)],
  };
  const tools = Array.from({ length: TOOLS }, (_, i) => ({
    ...jsonSpan(
      traceId,
      (i + 1).toString(16).padStart(16, '0'),
      ROOT,
      BigInt(i + 1) * 100n,
      BigInt(i + 1) * 100n + 50n,
    ),
    name: 'execute_tool get_order',
    attributes: [
      str('gen_ai.operation.name', 'execute_tool'),
      str('gen_ai.tool.name', 'get_order'),
      str('gen_ai.tool.call.id', `call_${i}`),
      str('gen_ai.tool.call.result', `order ${i}: shipped`),
    ],
  }));
  return [root, ...tools];
}

const body = (spans: unknown[]) =>
  Buffer.from(JSON.stringify({ resourceSpans: [{ resource: {}, scopeSpans: [{ spans }] }] }));

/**
 * Splits every trace's spans over `senders` requests: sender k takes a contiguous run of each trace,
 * the last run (with the root, when `rootLast`) going to the last sender, so one request may see the
 * root while the others still hold uncommitted spans of the same trace.
 */
function split(traces: ReturnType<typeof traceSpans>[], senders: number, rootLast: boolean) {
  const requests: unknown[][] = Array.from({ length: senders }, () => []);
  for (const spans of traces) {
    const ordered = rootLast ? [...spans.slice(1), spans[0]] : spans;
    const per = Math.ceil(ordered.length / senders);
    for (let k = 0; k < senders; k++) requests[k].push(...ordered.slice(k * per, (k + 1) * per));
  }
  return requests;
}

describe('several senders bringing spans of the same traces at once', () => {
  it.each([
    { senders: 2, rootLast: true },
    { senders: 3, rootLast: true },
    { senders: 2, rootLast: false },
    { senders: 4, rootLast: true },
  ])('$senders concurrent requests (root last: $rootLast) build every trace whole', async ({ senders, rootLast }) => {
    const actor = await createActor('RESEARCHER');
    const benchmark = `concurrent-${uid()}`;
    const traceIds = Array.from({ length: TRACES }, () => (uid() + uid() + uid() + uid()).slice(0, 32).padEnd(32, '0'));
    const requests = split(
      traceIds.map((id) => traceSpans(id, benchmark)),
      senders,
      rootLast,
    );
    const results = await Promise.all(
      requests.map((spans) => receiveTraces(actor, { encoding: 'json', readBody: async () => body(spans) })),
    );
    await Promise.all(results.map((r) => r.builds));

    for (const traceId of traceIds) {
      const row = await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId } });
      expect(row).toMatchObject({ status: 'BUILT', spanCount: TOOLS + 1, rootEnded: true });
      const t = await trajectoryOfTrace(traceId);
      const calls = t!.events.filter((e) => e.type === 'TOOL_CALL').map((e) => e.callId);
      expect(calls).toEqual(Array.from({ length: TOOLS }, (_, i) => `call_${i}`));
    }
  });
});

describe('a trace acknowledged but not built', () => {
  it('is built by the next sweep when the builder that should have built it died', async () => {
    const actor = await createActor('RESEARCHER');
    const traceId = (uid() + uid() + uid() + uid()).slice(0, 32).padEnd(32, '0');
    const build = await import('@/lib/otlp/build-trace');
    // The process building the trace loses its database mid-build (it died, or PostgreSQL restarted): the
    // transaction never commits, and the builder leaves the trace pending rather than calling it failed.
    vi.spyOn(build, 'buildTraces').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const spans = traceSpans(traceId, `crash-${uid()}`);
    const result = await receiveTraces(actor, { encoding: 'json', readBody: async () => body(spans) });
    expect(result.partialSuccess).toBeNull();
    expect(await result.builds).toEqual([]);
    // Acknowledged: every span staged, the trace waiting for a build.
    expect(await prisma.otlpSpan.count({ where: { traceId } })).toBe(TOOLS + 1);
    const waiting = await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId } });
    expect(waiting).toMatchObject({ status: 'OPEN', spanCount: TOOLS + 1, rootEnded: true });
    expect(waiting.buildRequestedAt).not.toBeNull();
    expect(await trajectoryOfTrace(traceId)).toBeNull();

    const swept = await kickTraceBuilds();
    expect(swept.get(traceId)).toMatchObject({ status: 'built', rebuilt: false });
    expect(await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId } })).toMatchObject({
      status: 'BUILT',
      buildRequestedAt: null,
    });
    const t = await trajectoryOfTrace(traceId);
    expect(t!.events.filter((e) => e.type === 'TOOL_CALL')).toHaveLength(TOOLS);
    const ingest = await prisma.otlpIngest.findUniqueOrThrow({ where: { sourceKey: `user:${actor.userId}` } });
    expect(ingest).toMatchObject({ tracesReceived: 1, tracesBuilt: 1 });
  });

  it('whose build throws is set aside as failed, and the traces picked with it are built', async () => {
    const actor = await createActor('RESEARCHER');
    const newTraceId = () => (uid() + uid() + uid() + uid()).slice(0, 32).padEnd(32, '0');
    const [poisoned, good] = [newTraceId(), newTraceId()];
    // A trace whose trajectory the database refuses every time (a constraint its spans break, say).
    const fn = `refuse_${uid().replace(/\W/g, '')}`;
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${fn}" BEFORE INSERT ON "Trajectory" FOR EACH ROW WHEN (NEW."externalId" = 'otlp-${poisoned}') EXECUTE FUNCTION "${fn}"()`,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const benchmark = `poison-${uid()}`;
      const spans = [...traceSpans(poisoned, benchmark), ...traceSpans(good, benchmark)];
      const result = await receiveTraces(actor, { encoding: 'json', readBody: async () => body(spans) });
      const built = new Map((await result.builds).map((o) => [o.traceId, o]));
      expect(built.get(good)).toMatchObject({ status: 'built' });
      expect(built.get(poisoned)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('refused by the test'),
      });
      expect(await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId: poisoned } })).toMatchObject({
        status: 'FAILED',
        buildRequestedAt: null,
        error: expect.stringContaining('refused by the test'),
      });
      expect((await trajectoryOfTrace(good))!.events.filter((e) => e.type === 'TOOL_CALL')).toHaveLength(TOOLS);
      expect(await trajectoryOfTrace(poisoned)).toBeNull();
      // Nothing is left pending for the next drain to trip over again.
      expect((await kickTraceBuilds()).size).toBe(0);
      const ingest = await prisma.otlpIngest.findUniqueOrThrow({ where: { sourceKey: `user:${actor.userId}` } });
      expect(ingest.tracesBuilt).toBe(1);
      expect(JSON.stringify(ingest.recentRejections)).toContain(`trace ${poisoned}: building the trace failed`);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "${fn}" ON "Trajectory"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION "${fn}"()`);
    }
  });

  it('whose root never arrives is built by the sweep once the trace has been quiet for the quiet period', async () => {
    const actor = await createActor('RESEARCHER');
    const traceId = (uid() + uid() + uid() + uid()).slice(0, 32).padEnd(32, '0');
    const [, ...tools] = traceSpans(traceId, `quiet-${uid()}`);
    const result = await receiveTraces(actor, { encoding: 'json', readBody: async () => body(tools) });
    expect(await result.builds).toEqual([]);
    expect((await kickTraceBuilds()).has(traceId)).toBe(false);
    expect(await prisma.otlpTrace.findUniqueOrThrow({ where: { traceId } })).toMatchObject({ status: 'OPEN' });

    await prisma.otlpTrace.update({
      where: { traceId },
      data: { lastSeenAt: new Date(Date.now() - OTLP_QUIET_PERIOD_MS - 1000) },
    });
    expect((await kickTraceBuilds()).get(traceId)).toMatchObject({ status: 'built' });
    const t = await trajectoryOfTrace(traceId);
    expect(t!.events.filter((e) => e.type === 'TOOL_CALL')).toHaveLength(TOOLS);
  });
});

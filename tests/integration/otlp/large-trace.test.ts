import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { otlpToken, startOtlpReceiver, type OtlpReceiver } from '../../helpers/otlp-receiver';
import { childSpan, tracingSdk, trajectoryOfTrace } from '../../helpers/otlp-sdk';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

const SPANS = 100_000;
const BATCH = 20_000;
// One span in ten is a tool call (two events each); the rest are plain steps kept in staging.
const TOOL_EVERY = 10;

it('a trace of 100,000 spans over several requests becomes one trajectory, the receiver serving throughout', async () => {
  const { token } = await otlpToken();
  const memory = new InMemorySpanExporter();
  const { provider, tracer } = tracingSdk(memory);
  const t0 = Date.now() - 3_600_000;
  const root = tracer.startSpan('long run', {
    startTime: t0,
    attributes: { 'memory_console.task.id': 'long-run', 'memory_console.benchmark': 'load' },
  });
  for (let i = 0; i < SPANS - 1; i++) {
    const tool = i % TOOL_EVERY === 0;
    childSpan(
      tracer,
      root,
      tool ? 'execute_tool step' : 'step',
      tool
        ? { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'step', 'gen_ai.tool.call.result': `r${i}` }
        : { 'step.index': i },
      undefined,
      { start: t0 + i + 1, end: t0 + i + 1 },
    );
  }
  root.end(t0 + SPANS + 1);
  await provider.forceFlush();
  const spans = memory.getFinishedSpans();
  expect(spans).toHaveLength(SPANS);

  const exporter = new OTLPTraceExporter({
    url: receiver.url,
    headers: { Authorization: `Bearer ${token}` },
    timeoutMillis: 120_000,
  });
  const send = (batch: ReadableSpan[]) =>
    new Promise<void>((resolve, reject) =>
      exporter.export(batch, (r) => (r.code === 0 ? resolve() : reject(r.error ?? new Error('export failed')))),
    );
  const started = Date.now();
  const heap: number[] = [];
  for (let i = 0; i < SPANS; i += BATCH) {
    await send(spans.slice(i, i + BATCH));
    heap.push(process.memoryUsage().heapUsed);
  }
  const elapsed = Date.now() - started;
  await exporter.shutdown();

  const traceId = root.spanContext().traceId;
  expect(receiver.answers.every((a) => a.status === 200)).toBe(true);
  expect(await prisma.otlpSpan.count({ where: { traceId } })).toBe(SPANS);
  const t = await trajectoryOfTrace(traceId);
  expect(t!.events).toHaveLength(2 * Math.ceil((SPANS - 1) / TOOL_EVERY));
  expect(t!.events.at(-1)!.content).toBe(`r${Math.floor((SPANS - 2) / TOOL_EVERY) * TOOL_EVERY}`);
  const meta = t!.metadata as { otlp: { span_count: number; other_spans: unknown[] } };
  expect(meta.otlp.span_count).toBe(SPANS);
  // The receiver keeps serving: a request right after (a resent span, so the trace is rebuilt) is accepted.
  // How fast is the benchmark's business (npm run bench:otlp), not a timed test's.
  await new Promise<void>((resolve, reject) => {
    const again = new OTLPTraceExporter({ url: receiver.url, headers: { Authorization: `Bearer ${token}` } });
    again.export([spans[0]], (r) => (r.code === 0 ? resolve() : reject(r.error)));
  });
  expect(receiver.answers.at(-1)!.status).toBe(200);
  console.info(
    `100,000 spans in ${elapsed} ms (${Math.round((SPANS / elapsed) * 1000)} spans/s); heap after each request (MB): ${heap.map((h) => Math.round(h / 1e6)).join(', ')}`,
  );
}, 600_000);

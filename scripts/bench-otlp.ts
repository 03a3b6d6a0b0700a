/**
 * npm run bench:otlp [-- --traces 100 --spans 50 --rounds 5]
 *
 * Sends synthetic agent traces (a root span and tool spans, each tool span one call and its result)
 * through the stock OpenTelemetry protobuf exporter to the OTLP receiver (receiveTraces behind a local
 * HTTP server, answered once staged, the traces built by the background builder: the route's path) on a
 * fresh embedded PostgreSQL, and imports the same events as native JSONL through the import path. A
 * round of the receiver ends when every trace of it is built, not when the last request is answered. The two alternate in rounds (which goes first alternates too, after one warm-up round of
 * each), so load on a shared machine falls on both alike; prints each round's rates, the median of the
 * per-round ratios (target ≥ 0.5× the native import), the load average, and the heap after each request
 * (flat: a request is decoded, staged, handed to the builder, then let go). Not a test: figures only.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Actor } from '@/lib/auth/permissions';
import { freePort, startEmbeddedPostgres } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';

const { values } = parseArgs({
  options: {
    traces: { type: 'string', default: '100' },
    spans: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
  },
});
const TRACES = Number(values.traces);
const SPANS = Number(values.spans);
const ROUNDS = Number(values.rounds);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
// What the SDK's BatchSpanProcessor sends per request by default.
const BATCH = 512;

function syntheticSpans() {
  const memory = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'shop' }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  const tracer = provider.getTracer('bench');
  const t0 = Date.now() - 86_400_000;
  for (let i = 0; i < TRACES; i++) {
    const start = t0 + i * 100_000;
    const root = tracer.startSpan('invoke_agent', {
      startTime: start,
      attributes: { 'memory_console.task.id': `shop/${i % 50}`, 'memory_console.benchmark': 'bench-otlp' },
    });
    for (let p = 1; p < SPANS; p++) {
      const span = tracer.startSpan(
        'execute_tool get_order',
        {
          startTime: start + p * 10,
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': 'get_order',
            'gen_ai.tool.call.id': `c${p}`,
            'gen_ai.tool.call.arguments': JSON.stringify({ order_id: `${i}-${p}`, include: ['items', 'payment'] }),
            'gen_ai.tool.call.result': JSON.stringify({ order_id: `${i}-${p}`, status: 'shipped' }),
          },
        },
        trace.setSpan(context.active(), root),
      );
      span.end(start + p * 10 + 5);
    }
    root.end(start + SPANS * 10 + 10);
  }
  return memory.getFinishedSpans();
}

function nativeLine(round: number, i: number): string {
  const events = [];
  for (let p = 1; p < SPANS; p++) {
    const args = { order_id: `${i}-${p}`, include: ['items', 'payment'] };
    events.push({ source: 'agent', type: 'tool_call', tool: 'shop.get_order', arguments: args, call_id: `c${p}` });
    events.push({
      source: 'environment',
      type: 'observation',
      tool: 'shop.get_order',
      call_id: `c${p}`,
      content: JSON.stringify({ order_id: `${i}-${p}`, status: 'shipped' }),
    });
  }
  return JSON.stringify({
    format: 'trajectory.v1',
    task: { id: `shop/${i % 50}`, benchmark: 'bench-native', instruction: `Task shop/${i % 50}`, apps: ['shop'] },
    trajectory: { id: `native:${round}:${i}`, model: 'unknown', outcome: { passed: true }, feedback: 'self_judge' },
    events,
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-otlp-'));
  const db = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'bench',
    quiet: true,
    throwaway: true,
  });
  try {
    await migrateDeploy(db.url, { quiet: true });
    process.env.DATABASE_URL = db.url;
    const { prisma } = await import('@/lib/db/prisma');
    const { receiveTraces } = await import('@/lib/otlp/receive-traces');
    const { traceBuildsIdle } = await import('@/lib/otlp/build-pending-traces');
    const { encodeResponse } = await import('@/lib/otlp/otlp-proto');
    const { errorResponse } = await import('@/lib/http/route');
    const user = await prisma.user.create({
      data: { email: 'bench@otlp.local', name: 'bench', role: 'RESEARCHER', passwordHash: 'x' },
    });
    const actor: Actor = { userId: user.id, name: user.name, email: user.email, role: 'RESEARCHER', via: 'session' };

    const heap: number[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiveTraces(actor, { encoding: 'protobuf', readBody: async () => Buffer.concat(chunks) })
          .then((r) => {
            heap.push(process.memoryUsage().heapUsed);
            res
              .writeHead(200, { 'content-type': 'application/x-protobuf' })
              .end(encodeResponse(r.partialSuccess, 'protobuf'));
          })
          .catch(async (err: unknown) => {
            const answer = errorResponse(err);
            res.writeHead(answer.status).end(await answer.text());
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;

    const exporter = new OTLPTraceExporter({ url, timeoutMillis: 120_000 });
    const { importFile } = await import('@/lib/import/run-import');
    const events = TRACES * (SPANS - 1) * 2;

    /** One round of the receiver: the round's traces, BATCH spans per request; its events per second. */
    const otlpRound = async () => {
      const spans = syntheticSpans();
      const builtBefore = await prisma.otlpTrace.count({ where: { status: 'BUILT' } });
      const t0 = performance.now();
      for (let i = 0; i < spans.length; i += BATCH)
        await new Promise<void>((resolve, reject) =>
          exporter.export(spans.slice(i, i + BATCH), (r) => (r.code === 0 ? resolve() : reject(r.error))),
        );
      // End to end: the background builds of the round's traces are part of its time.
      await traceBuildsIdle();
      const ms = performance.now() - t0;
      const built = (await prisma.otlpTrace.count({ where: { status: 'BUILT' } })) - builtBefore;
      if (built !== TRACES) throw new Error(`only ${built} of ${TRACES} traces were built`);
      return events / (ms / 1000);
    };
    /** One round of the native import of the same events (new trajectory ids each round). */
    const nativeRound = async (round: number) => {
      const file = path.join(dir, `native-${round}.jsonl`);
      await pipeline(
        Readable.from(
          (function* () {
            for (let i = 0; i < TRACES; i++) yield `${nativeLine(round, i)}\n`;
          })(),
        ),
        createWriteStream(file),
      );
      const t1 = performance.now();
      const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
      const ms = performance.now() - t1;
      if (report.importedCount !== TRACES) throw new Error(`native import took ${report.importedCount} of ${TRACES}`);
      return events / (ms / 1000);
    };

    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    console.log(
      `${ROUNDS} rounds of ${fmt(TRACES)} traces × ${SPANS} spans = ${fmt(TRACES * SPANS)} spans → ${fmt(events)} events, ${Math.ceil((TRACES * SPANS) / BATCH)} requests of ≤ ${BATCH} spans`,
    );
    console.log(`Load average (1 / 5 / 15 min) at the start: ${load()}`);
    // Warm-up: tasks created, code paths compiled, caches filled; not counted.
    await otlpRound();
    await nativeRound(-1);
    heap.length = 0;
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let otlp: number;
      let native: number;
      if (round % 2) {
        native = await nativeRound(round);
        otlp = await otlpRound();
      } else {
        otlp = await otlpRound();
        native = await nativeRound(round);
      }
      ratios.push(otlp / native);
      console.log(
        `round ${round + 1}: OTLP ${fmt(otlp)} events/s (${fmt((otlp * SPANS) / ((SPANS - 1) * 2))} spans/s), native ${fmt(native)} events/s, ratio ${(otlp / native).toFixed(2)}×`,
      );
    }
    await exporter.shutdown();
    server.close();
    await (await import('@/lib/db/disconnect')).disconnectDatabase();

    const ratio = median(ratios);
    console.log(
      `\nRatio OTLP / native, median of ${ROUNDS} rounds: ${ratio.toFixed(2)}× (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; target ≥ 0.50×) ${ratio >= 0.5 ? '✔' : '✖ below target'}`,
    );
    console.log(`Load average (1 / 5 / 15 min) at the end: ${load()}`);
    const mb = heap.map((h) => Math.round(h / 1e6));
    console.log(
      `Heap after each of ${mb.length} requests (MB): first ${mb[0]}, max ${Math.max(...mb)}, last ${mb.at(-1)}`,
    );
    console.log(`Peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});

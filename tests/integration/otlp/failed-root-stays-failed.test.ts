import { SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachCheckpoints } from '@/lib/import/attach-checkpoint-results';
import { listQueue } from '@/lib/queue/list-queue';
import { terminationText } from '@/lib/trajectories/termination';
import { createActor, uid } from '../../helpers/factories';
import { childSpan, tracingSdk, trajectoryOfTrace } from '../../helpers/otlp-sdk';
import { otlpToken, startOtlpReceiver, type OtlpReceiver } from '../../helpers/otlp-receiver';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

let receiver: OtlpReceiver;
beforeAll(async () => (receiver = await startOtlpReceiver()));
afterAll(() => receiver.close());

/** One agent run sent by the stock SDK; `failure` sets the root span's status to ERROR with that message. */
async function sendRun(token: string, benchmark: string, taskId: string, failure?: string) {
  const exporter = new ProtoExporter({ url: receiver.url, headers: { Authorization: `Bearer ${token}` } });
  const { provider, tracer } = tracingSdk(exporter);
  const root = tracer.startSpan('invoke_agent shop', {
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'memory_console.task.id': taskId,
      'memory_console.benchmark': benchmark,
    },
  });
  childSpan(tracer, root, 'execute_tool get_order', {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'get_order',
    'gen_ai.tool.call.id': 'call_1',
    'gen_ai.tool.call.result': 'order 7: shipped',
  });
  if (failure) root.setStatus({ code: SpanStatusCode.ERROR, message: failure });
  root.end();
  await provider.forceFlush();
  await provider.shutdown();
  const t = await trajectoryOfTrace(root.spanContext().traceId);
  expect(t).not.toBeNull();
  return t!;
}

const allPass = {
  checkpoints: [
    { id: 'order_found', name: 'Order found', passed: true, score: 1, total: 1 },
    { id: 'polite', name: 'Polite', passed: true, score: 1, total: 1 },
  ],
};

describe('late checkpoint results on a trace whose root span failed', () => {
  it('keep the run failed and queue it as a run-level item; a run whose root span ended cleanly passes', async () => {
    const researcher = await createActor('RESEARCHER');
    const annotator = await createActor('ANNOTATOR');
    const benchmark = `root-${uid()}`;
    const { token } = await otlpToken('RESEARCHER');
    const crashed = await sendRun(token, benchmark, 'shop/1', 'agent crashed: context window exceeded');
    const finished = await sendRun(token, benchmark, 'shop/2');
    expect(crashed.passed).toBe(false);
    expect(finished.passed).toBe(true);
    // The trajectory page's termination line words it like any other stop, with the span's status message.
    expect(terminationText(crashed.outcomeReason, crashed.eventCount)).toBe(
      `Stopped: the root span ended with an error: agent crashed: context window exceeded (root_span_error) after ${crashed.eventCount} events`,
    );
    expect(terminationText(finished.outcomeReason)).toMatch(/^Ended: the root span ended without an error/);

    // Every check it was scored on passed, yet the run did not finish: it stays failed, its score follows the results.
    expect(await attachCheckpoints(researcher, crashed.externalId, allPass)).toMatchObject({
      outcome: { passed: false, score: 1 },
    });
    expect(await attachCheckpoints(researcher, finished.externalId, allPass)).toMatchObject({
      outcome: { passed: true, score: 1 },
    });
    const queued = (await listQueue(annotator, { benchmark })).items;
    expect(queued.map((i) => [i.trajectoryId, i.runLevel != null])).toEqual([[crashed.id, true]]);

    // The evaluator's own outcome is its word, as for any stopped run.
    expect(
      await attachCheckpoints(researcher, crashed.externalId, { ...allPass, outcome: { passed: true, score: 1 } }),
    ).toMatchObject({ outcome: { passed: true, score: 1 } });
  });
});

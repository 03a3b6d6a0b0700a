import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { attachCheckpoints } from '@/lib/import/attach-checkpoint-results';
import { receiveTraces } from '@/lib/otlp/receive-traces';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { completeDiagnosis, createActor, uid } from '../../helpers/factories';

const t0 = BigInt(Date.now()) * 1_000_000n;
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const ROOT = '00000000000000a1';

/** One tool span of the trace, started `at` ns after the root. */
const toolSpan = (traceId: string, spanId: string, at: bigint, tool: string, callId: string) => ({
  traceId,
  spanId,
  parentSpanId: ROOT,
  name: `execute_tool ${tool}`,
  startTimeUnixNano: String(t0 + at),
  endTimeUnixNano: String(t0 + at + 10n),
  attributes: [
    str('gen_ai.operation.name', 'execute_tool'),
    str('gen_ai.tool.name', tool),
    str('gen_ai.tool.call.id', callId),
    str('gen_ai.tool.call.result', `${tool} done`),
  ],
});

async function send(actor: Awaited<ReturnType<typeof createActor>>, spans: unknown[]) {
  const body = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  return receiveTraces(actor, { encoding: 'json', readBody: async () => Buffer.from(body) });
}

const current = (traceId: string) =>
  prisma.trajectory.findFirstOrThrow({
    where: { externalId: `otlp-${traceId}` },
    include: { checkpoints: { include: { checkpoint: true }, orderBy: { checkpoint: { position: 'asc' } } } },
  });

describe('checkpoint results attached to a trace', () => {
  it('survive a rebuild by late spans, re-anchored to their span, with the run still queued, claimed and diagnosable', async () => {
    const researcher = await createActor('RESEARCHER');
    const annotator = await createActor('ANNOTATOR');
    const benchmark = `late-${uid()}`;
    const traceId = (uid() + uid() + uid() + uid()).slice(0, 32).padEnd(32, '0');
    const root = {
      traceId,
      spanId: ROOT,
      name: 'invoke_agent',
      startTimeUnixNano: String(t0),
      endTimeUnixNano: String(t0 + 1000n),
      attributes: [
        str('gen_ai.operation.name', 'invoke_agent'),
        str('memory_console.task.id', 'shop/1'),
        str('memory_console.benchmark', benchmark),
      ],
    };
    const first = await send(researcher, [root, toolSpan(traceId, '00000000000000a2', 500n, 'get_order', 'c2')]);
    expect(await first.builds).toEqual([expect.objectContaining({ status: 'built', rebuilt: false })]);
    const built = await current(traceId);

    const attached = await attachCheckpoints(researcher, `otlp-${traceId}`, {
      checkpoints: [
        { id: 'order_found', name: 'Order found', passed: false, span_id: '00000000000000a2', note: 'wrong order' },
        { id: 'polite', name: 'Polite', passed: true, score: 1, total: 1 },
      ],
    });
    expect(attached).toMatchObject({ outcome: { passed: false, score: 0.5 }, pendingCount: 1 });
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId: built.id });

    // A span that ran before get_order arrives late: the trace is rebuilt with two more events in front.
    const second = await send(researcher, [toolSpan(traceId, '00000000000000a3', 100n, 'get_customer', 'c3')]);
    expect(await second.builds).toEqual([expect.objectContaining({ status: 'built', rebuilt: true })]);
    const rebuilt = await current(traceId);
    expect(rebuilt.eventCount).toBe(built.eventCount + 2);
    expect(rebuilt).toMatchObject({ passed: false, score: 0.5, failedCount: 1, pendingCount: 1 });
    expect(rebuilt.checkpoints.map((c) => [c.checkpoint.key, c.passed, c.note])).toEqual([
      ['order_found', false, 'wrong order'],
      ['polite', true, null],
    ]);
    const anchored = await prisma.event.findFirstOrThrow({
      where: { trajectoryId: rebuilt.id, position: rebuilt.checkpoints[0].eventIndex! },
    });
    expect(anchored.metadata).toMatchObject({ span_id: '00000000000000a2' });
    expect(await prisma.queueClaim.findUnique({ where: { trajectoryId: rebuilt.id } })).toMatchObject({
      userId: annotator.userId,
    });
    const queued = await listQueue(annotator, { benchmark });
    expect(queued.items.map((i) => [i.trajectoryId, i.failedCheckpoints.map((c) => c.key)])).toEqual([
      [rebuilt.id, ['order_found']],
    ]);

    const category = await prisma.failureCategory.create({
      data: { key: `c-${uid()}`, label: 'Wrong lookup', position: 900 },
    });
    const done = await submitDiagnosis(annotator, {
      ...completeDiagnosis(rebuilt.checkpoints[0].id, category.id),
      eventStart: 0,
      eventEnd: rebuilt.eventCount - 1,
    });
    expect(done.pendingCount).toBe(0);

    // Diagnosed: more spans are stored, the run and its results stay as the annotator saw them.
    const third = await send(researcher, [toolSpan(traceId, '00000000000000a4', 700n, 'refund', 'c4')]);
    expect(await third.builds).toEqual([expect.objectContaining({ status: 'failed' })]);
    const kept = await current(traceId);
    expect(kept.id).toBe(rebuilt.id);
    expect(kept.checkpoints.map((c) => [c.id, c.passed, c.eventIndex])).toEqual(
      rebuilt.checkpoints.map((c) => [c.id, c.passed, c.eventIndex]),
    );
  });
});

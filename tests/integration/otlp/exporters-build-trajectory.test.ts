import { SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { CompressionAlgorithm } from '@opentelemetry/otlp-exporter-base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { childSpan, tracingSdk, trajectoryOfTrace } from '../../helpers/otlp-sdk';
import { otlpToken, startOtlpReceiver, type OtlpReceiver } from '../../helpers/otlp-receiver';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

let receiver: OtlpReceiver;
let token: { id: string; token: string };
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  token = await otlpToken('RESEARCHER');
});
afterAll(() => receiver.close());

const headers = () => ({ Authorization: `Bearer ${token.token}` });

describe('spans from the stock OpenTelemetry SDK become a trajectory', () => {
  it('GenAI conventions over protobuf + gzip: messages, tool calls, results in order, with task and memory', async () => {
    const exporter = new ProtoExporter({
      url: receiver.url,
      headers: headers(),
      compression: CompressionAlgorithm.GZIP,
    });
    const { provider, tracer } = tracingSdk(exporter, {
      'service.name': 'weather-agent',
      'memory_console.benchmark': 'weather-bench',
    });
    const root = tracer.startSpan('invoke_agent weather', {
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'weather-agent',
        'memory_console.task.id': 'paris-weather',
        'memory_console.trial': 2,
        'memory_console.bank_release': 'r-2026-12',
        'memory_console.card_ids': ['card-a', 'card-b'],
        'deployment.region': 'eu-west',
      },
    });
    const input = [
      { role: 'system', parts: [{ type: 'text', content: 'You answer weather questions with the tools.' }] },
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
    ];
    const call = { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } };
    childSpan(tracer, root, 'chat gpt-4o', {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.usage.input_tokens': 40,
      'gen_ai.usage.output_tokens': 12,
      'gen_ai.input.messages': JSON.stringify(input),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [call], finish_reason: 'tool_call' }]),
    });
    childSpan(tracer, root, 'execute_tool get_weather', {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.call.arguments': '{"city":"Paris"}',
      'gen_ai.tool.call.result': 'rainy, 14°C',
    });
    childSpan(tracer, root, 'chat gpt-4o', {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.input.messages': JSON.stringify([
        ...input,
        { role: 'assistant', parts: [call] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: 'rainy, 14°C' }] },
      ]),
      'gen_ai.output.messages': JSON.stringify([
        { role: 'assistant', parts: [{ type: 'text', content: 'It is rainy in Paris, 14°C.' }] },
      ]),
    });
    // Before the root ends the trace is open: its spans are staged, no trajectory yet.
    await provider.forceFlush();
    const traceId = root.spanContext().traceId;
    expect(await trajectoryOfTrace(traceId)).toBeNull();
    root.end();
    await provider.forceFlush();
    await provider.shutdown();

    expect(receiver.answers.every((a) => a.status === 200)).toBe(true);
    const t = await trajectoryOfTrace(traceId);
    expect(t).not.toBeNull();
    expect(t!.events.map((e) => [e.source, e.type, e.tool, e.callId, e.content])).toEqual([
      ['USER', 'MESSAGE', null, null, 'Weather in Paris?'],
      ['AGENT', 'TOOL_CALL', 'weather-agent.get_weather', 'call_1', null],
      ['ENVIRONMENT', 'OBSERVATION', 'weather-agent.get_weather', 'call_1', 'rainy, 14°C'],
      ['AGENT', 'MESSAGE', null, null, 'It is rainy in Paris, 14°C.'],
    ]);
    expect(t!.events[1].arguments).toEqual({ city: 'Paris' });
    expect(t!.model).toBe('gpt-4o');
    expect(t!.trial).toBe(2);
    expect(t!.memoryRelease).toBe('r-2026-12');
    expect(t!.memoryCardIds).toEqual(['card-a', 'card-b']);
    expect(t!.task).toMatchObject({ benchmark: 'weather-bench', externalId: 'paris-weather' });
    expect(t!.policy?.text).toBe('You answer weather questions with the tools.');
    const meta = t!.metadata as {
      trace_id: string;
      otlp: { usage: unknown; root_span: { attributes: Record<string, unknown> } };
    };
    expect(meta.trace_id).toBe(traceId);
    expect(meta.otlp.usage).toEqual({ input_tokens: 40, output_tokens: 12 });
    // An attribute the console does not read is kept, not dropped.
    expect(meta.otlp.root_span.attributes['deployment.region']).toBe('eu-west');
    // The model call's usage is kept on the first event the call produced.
    expect((t!.events[0].metadata as { usage?: unknown }).usage).toMatchObject({ inputTokens: 40, outputTokens: 12 });
  });

  it('OpenInference and older gen_ai.prompt/completion attributes over OTLP/JSON; span errors become error observations', async () => {
    const exporter = new HttpJsonExporter({ url: receiver.url, headers: headers() });
    const { provider, tracer } = tracingSdk(exporter);
    // Explicit times a second apart: the SDK's clock reads milliseconds, and siblings that tie are ordered by arrival.
    const t0 = Date.now() - 60_000;
    const at = (n: number) => ({ start: t0 + n * 1000, end: t0 + n * 1000 + 500 });
    const root = tracer.startSpan('agent run', {
      startTime: t0,
      attributes: { 'openinference.span.kind': 'AGENT', 'session.id': 'sess-9' },
    });
    childSpan(
      tracer,
      root,
      'ChatCompletion',
      {
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'gpt-4.1-mini',
        'llm.input_messages.0.message.role': 'user',
        'llm.input_messages.0.message.content': 'Book table 4',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'c7',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'book_table',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"table":4}',
        'llm.token_count.prompt': 10,
        'llm.token_count.completion': 5,
      },
      undefined,
      at(1),
    );
    childSpan(
      tracer,
      root,
      'book_table',
      { 'openinference.span.kind': 'TOOL', 'tool.name': 'book_table', 'input.value': '{"table":4}' },
      (s) => s.setStatus({ code: SpanStatusCode.ERROR, message: 'table 4 is taken' }),
      at(2),
    );
    childSpan(
      tracer,
      root,
      'chat',
      {
        'gen_ai.request.model': 'gpt-4.1-mini',
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': 'Book table 4',
        'gen_ai.prompt.1.role': 'assistant',
        'gen_ai.prompt.2.role': 'tool',
        'gen_ai.prompt.2.content': 'table 4 is taken',
        'gen_ai.prompt.2.tool_call_id': 'c7',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.content': 'Sorry, table 4 is taken.',
      },
      undefined,
      at(3),
    );
    root.setStatus({ code: SpanStatusCode.ERROR, message: 'could not book' });
    root.end(t0 + 10_000);
    await provider.forceFlush();
    await provider.shutdown();

    const t = await trajectoryOfTrace(root.spanContext().traceId);
    expect(t!.events.map((e) => [e.source, e.type, e.tool, e.content, e.error])).toEqual([
      ['USER', 'MESSAGE', null, 'Book table 4', false],
      ['AGENT', 'TOOL_CALL', 'weather-agent.book_table', null, false],
      ['ENVIRONMENT', 'OBSERVATION', 'weather-agent.book_table', 'table 4 is taken', true],
      ['AGENT', 'MESSAGE', null, 'Sorry, table 4 is taken.', false],
      ['ENVIRONMENT', 'OBSERVATION', null, 'agent run failed: could not book', true],
    ]);
    expect(t!.model).toBe('gpt-4.1-mini');
    expect(t!.passed).toBe(false);
    // No task attributes: the run waits under the unassigned task for an admin to place it.
    expect(t!.task).toMatchObject({ benchmark: 'otlp', externalId: 'unassigned' });
    expect((t!.metadata as { session_id?: string }).session_id).toBe('sess-9');
  });

  it('out of order, over many requests, delivered twice: one trajectory, the same one', async () => {
    const exporter = new ProtoExporter({ url: receiver.url, headers: headers() });
    const { InMemorySpanExporter } = await import('@opentelemetry/sdk-trace-node');
    const memory = new InMemorySpanExporter();
    const { provider, tracer } = tracingSdk(memory);
    // A second apart each, so start order is unambiguous whatever order they arrive in.
    const t0 = Date.now() - 60_000;
    const root = tracer.startSpan('run', {
      startTime: t0,
      attributes: { 'memory_console.task.id': 'order-task', 'memory_console.benchmark': 'order-bench' },
    });
    for (let i = 0; i < 3; i++)
      childSpan(
        tracer,
        root,
        `execute_tool step_${i}`,
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': `step_${i}`,
          'gen_ai.tool.call.id': `s${i}`,
          'gen_ai.tool.call.result': `done ${i}`,
        },
        undefined,
        { start: t0 + 1000 * (i + 1), end: t0 + 1000 * (i + 1) + 500 },
      );
    root.end(t0 + 5000);
    await provider.forceFlush();
    const spans = memory.getFinishedSpans();
    const send = (batch: typeof spans) =>
      new Promise<void>((resolve, reject) =>
        exporter.export(batch, (r) => (r.code === 0 ? resolve() : reject(r.error))),
      );
    const traceId = root.spanContext().traceId;
    // The root first (complete at once, with no children yet), then the children backwards, then all again.
    await send([spans[3]]);
    expect((await trajectoryOfTrace(traceId))!.events).toHaveLength(0);
    await send([spans[2]]);
    await send([spans[1], spans[0]]);
    const built = await trajectoryOfTrace(traceId);
    expect(built!.events.filter((e) => e.type === 'OBSERVATION').map((e) => e.content)).toEqual([
      'done 0',
      'done 1',
      'done 2',
    ]);
    await send(spans);
    const again = await trajectoryOfTrace(traceId);
    expect(again!.id).toBe(built!.id);
    expect(await prisma.otlpSpan.count({ where: { traceId } })).toBe(4);
    expect(await prisma.trajectory.count({ where: { externalId: { contains: traceId } } })).toBe(1);
    await exporter.shutdown();
  });
});

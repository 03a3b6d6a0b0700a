import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { reply, startFakeOpenAi, type FakeOpenAi } from '../../helpers/fake-openai-server';
import { otlpToken, startOtlpReceiver, type OtlpReceiver } from '../../helpers/otlp-receiver';
import { tracingSdk, trajectoryOfTrace } from '../../helpers/otlp-sdk';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

let receiver: OtlpReceiver;
let llm: FakeOpenAi;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  llm = await startFakeOpenAi();
});
afterAll(async () => {
  await receiver.close();
  await llm.close();
});

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'find_flight', parameters: { type: 'object', properties: { from: {}, to: {} } } },
  },
  { type: 'function', function: { name: 'book_flight', parameters: { type: 'object', properties: { id: {} } } } },
];
/** The agent's tools: what they answer is what the trajectory must show. */
const RUN_TOOL: Record<string, (args: Record<string, unknown>) => string> = {
  find_flight: (a) => JSON.stringify({ flights: [{ id: `${a.from}-${a.to}-1`, price: 120 }] }),
  book_flight: (a) => `booked ${a.id}`,
};

/** A small agent loop over the real `openai` SDK: ask, run the tools the model chose, answer. */
async function agentLoop(client: OpenAI, question: string): Promise<string> {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You book flights.' },
    { role: 'user', content: question },
  ];
  for (;;) {
    const res = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools: TOOLS });
    const msg = res.choices[0].message;
    messages.push(msg);
    if (!msg.tool_calls?.length) return msg.content ?? '';
    for (const call of msg.tool_calls) {
      if (call.type !== 'function') continue;
      const result = RUN_TOOL[call.function.name](JSON.parse(call.function.arguments) as Record<string, unknown>);
      messages.push({ role: 'tool', tool_call_id: call.id, content: result });
    }
  }
}

it('an agent instrumented with OpenInference arrives as the trajectory it ran: its tool calls, arguments and results, in order', async () => {
  const { token } = await otlpToken();
  const exporter = new OTLPTraceExporter({ url: receiver.url, headers: { Authorization: `Bearer ${token}` } });
  const { provider, tracer } = tracingSdk(exporter, {
    'service.name': 'travel-agent',
    'memory_console.benchmark': 'travel',
  });
  // The instrumentation makes its spans children of the active span: the SDK's context manager carries it.
  provider.register();
  const instrumentation = new OpenAIInstrumentation({ tracerProvider: provider });
  instrumentation.manuallyInstrument({ OpenAI } as never);
  llm.queue.push(
    reply.toolCalls({ id: 'call_a', name: 'find_flight', arguments: { from: 'OSL', to: 'BER' } }),
    reply.toolCalls({ id: 'call_b', name: 'book_flight', arguments: { id: 'OSL-BER-1' } }),
    reply.text('Booked OSL-BER-1 for 120.'),
  );
  const client = new OpenAI({ baseURL: llm.url, apiKey: 'test-key', maxRetries: 0 });
  const root = tracer.startSpan('book trip', { attributes: { 'memory_console.task.id': 'trip-osl-ber' } });
  const answer = await context.with(trace.setSpan(context.active(), root), () =>
    agentLoop(client, 'Book me a flight from Oslo to Berlin'),
  );
  root.end();
  await provider.forceFlush();
  instrumentation.disable();
  await provider.shutdown();

  expect(answer).toBe('Booked OSL-BER-1 for 120.');
  expect(receiver.answers.map((a) => a.status)).toEqual(receiver.answers.map(() => 200));
  const t = await trajectoryOfTrace(root.spanContext().traceId);
  expect(t).not.toBeNull();
  expect(
    t!.events.map((e) => ({ source: e.source, type: e.type, tool: e.tool, callId: e.callId, content: e.content })),
  ).toEqual([
    { source: 'USER', type: 'MESSAGE', tool: null, callId: null, content: 'Book me a flight from Oslo to Berlin' },
    { source: 'AGENT', type: 'TOOL_CALL', tool: 'travel-agent.find_flight', callId: 'call_a', content: null },
    {
      source: 'ENVIRONMENT',
      type: 'OBSERVATION',
      tool: 'travel-agent.find_flight',
      callId: 'call_a',
      content: RUN_TOOL.find_flight({ from: 'OSL', to: 'BER' }),
    },
    { source: 'AGENT', type: 'TOOL_CALL', tool: 'travel-agent.book_flight', callId: 'call_b', content: null },
    {
      source: 'ENVIRONMENT',
      type: 'OBSERVATION',
      tool: 'travel-agent.book_flight',
      callId: 'call_b',
      content: 'booked OSL-BER-1',
    },
    { source: 'AGENT', type: 'MESSAGE', tool: null, callId: null, content: 'Booked OSL-BER-1 for 120.' },
  ]);
  expect(t!.events[1].arguments).toEqual({ from: 'OSL', to: 'BER' });
  expect(t!.events[3].arguments).toEqual({ id: 'OSL-BER-1' });
  expect(t!.model).toBe('gpt-4o-mini');
  expect(t!.policy?.text).toBe('You book flights.');
  expect(t!.task).toMatchObject({ benchmark: 'travel', externalId: 'trip-osl-ber' });
});

import { describe, expect, it } from 'vitest';
import type { NativeEvent } from '@/lib/import/native-schema';
import type { AttributeMap, ReceivedSpan } from '@/lib/otlp/received-span';
import { spansToRecord } from '@/lib/otlp/spans-to-record';

const TRACE = 'aa'.repeat(16);
let clock = 1_000;

/** A finished span as the receiver stages it, started after the previous one. */
function span(spanId: string, parentSpanId: string | null, name: string, attributes: AttributeMap): ReceivedSpan {
  clock += 10;
  return {
    traceId: TRACE,
    spanId,
    parentSpanId,
    name,
    kind: 1,
    startNs: String(clock * 1_000_000),
    endNs: String((clock + 5) * 1_000_000),
    attributes,
    events: [],
    status: { code: 0, message: '' },
    resource: { 'service.name': 'kettle' },
    scope: { name: 'ai', version: '4.3.0' },
  };
}

// What the Vercel AI SDK's telemetry puts on its spans (ai.generateText, ai.generateText.doGenerate, ai.toolCall).
const doGenerate = (extra: AttributeMap) => ({
  'ai.operationId': 'ai.generateText.doGenerate',
  'operation.name': 'ai.generateText.doGenerate',
  'ai.model.id': 'kestrel-small',
  'gen_ai.system': 'openai.chat',
  'gen_ai.request.model': 'kestrel-small',
  ...extra,
});
const user = { role: 'user', content: [{ type: 'text', text: 'Boil one litre.' }] };
const askedToBoil = {
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'boil', args: { litres: 1 } }],
};
const boiled = {
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'boil', result: 'boiling' }],
};
const toolSpan = (id: string) =>
  span(id, 'root', 'ai.toolCall boil', {
    'ai.operationId': 'ai.toolCall',
    'ai.toolCall.name': 'boil',
    'ai.toolCall.id': 'call-1',
    'ai.toolCall.args': '{"litres":1}',
    'ai.toolCall.result': '"boiling"',
  });

// The run both traces record: asked, the call, its result, the answer.
const BOILED = [
  ['user', 'message', 'Boil one litre.', null],
  ['agent', 'tool_call', 'kettle.boil', 'call-1'],
  ['environment', 'observation', '"boiling"', 'call-1'],
  ['agent', 'message', 'The water is boiling.', null],
];
const brief = (events: NativeEvent[]) =>
  events.map((e) => [e.source, e.type, e.content ?? e.tool ?? null, e.call_id ?? null]);

describe('Vercel AI SDK spans', () => {
  it('reads the model calls from ai.prompt.messages, ai.response.text and ai.response.toolCalls, each turn once', () => {
    const spans = [
      span('root', null, 'ai.generateText', {
        'ai.operationId': 'ai.generateText',
        'ai.prompt': JSON.stringify({ prompt: 'Boil one litre.' }),
        'ai.response.text': 'The water is boiling.',
      }),
      span(
        'gen-1',
        'root',
        'ai.generateText.doGenerate',
        doGenerate({
          'ai.prompt.messages': JSON.stringify([{ role: 'system', content: 'You run a kettle.' }, user]),
          'ai.response.toolCalls': JSON.stringify([
            { toolCallType: 'function', toolCallId: 'call-1', toolName: 'boil', args: '{"litres":1}' },
          ]),
          'gen_ai.usage.input_tokens': 20,
          'gen_ai.usage.output_tokens': 5,
        }),
      ),
      toolSpan('tool-1'),
      span(
        'gen-2',
        'root',
        'ai.generateText.doGenerate',
        doGenerate({
          'ai.prompt.messages': JSON.stringify([
            { role: 'system', content: 'You run a kettle.' },
            user,
            askedToBoil,
            boiled,
          ]),
          'ai.response.text': 'The water is boiling.',
        }),
      ),
    ];
    const record = spansToRecord(TRACE, spans);
    expect(brief(record.events)).toEqual(BOILED);
    expect(record.events[1].arguments).toEqual({ litres: 1 });
    expect(record.trajectory.policy).toEqual({ kind: 'system_prompt', text: 'You run a kettle.' });
    expect(record.trajectory.model).toBe('kestrel-small');
  });

  it('does not repeat the conversation after a doGenerate span that carries no messages', () => {
    const history = [user, askedToBoil, boiled];
    const spans = [
      span('root', null, 'ai.generateText', { 'ai.operationId': 'ai.generateText' }),
      span('gen-1', 'root', 'ai.generateText.doGenerate', doGenerate({ 'ai.prompt.messages': JSON.stringify([user]) })),
      // A provider instrumentation's own span for the same call, inside the doGenerate span: told once.
      span('chat-1', 'gen-1', 'chat kestrel-small', {
        'gen_ai.operation.name': 'chat',
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'Boil one litre.' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'tool_call', id: 'call-1', name: 'boil', arguments: { litres: 1 } }] },
        ]),
      }),
      toolSpan('tool-1'),
      // recordInputs / recordOutputs off for this call: no message attributes at all.
      span('gen-2', 'root', 'ai.generateText.doGenerate', doGenerate({})),
      span(
        'gen-3',
        'root',
        'ai.generateText.doGenerate',
        doGenerate({
          'ai.prompt.messages': JSON.stringify(history),
          'ai.response.text': 'The water is boiling.',
        }),
      ),
    ];
    const record = spansToRecord(TRACE, spans);
    expect(brief(record.events)).toEqual(BOILED);
  });

  it('tells a model call seen by two instrumentations (a provider span inside doGenerate) once', () => {
    const spans = [
      span('root', null, 'ai.generateText', { 'ai.operationId': 'ai.generateText' }),
      span(
        'gen-1',
        'root',
        'ai.generateText.doGenerate',
        doGenerate({ 'ai.prompt.messages': JSON.stringify([user]), 'ai.response.text': 'Boiling now.' }),
      ),
      span('chat-1', 'gen-1', 'chat kestrel-small', {
        'gen_ai.operation.name': 'chat',
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'Boiling now.' }] },
        ]),
        'gen_ai.usage.output_tokens': 3,
      }),
    ];
    const record = spansToRecord(TRACE, spans);
    expect(brief(record.events)).toEqual([
      ['user', 'message', 'Boil one litre.', null],
      ['agent', 'message', 'Boiling now.', null],
    ]);
  });
});

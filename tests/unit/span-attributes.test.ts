import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  mapSpanAttributes,
  spanKind,
  spanMessages,
  spanModel,
  spanUsage,
  toolExecution,
  type Attributes,
} from '@/lib/otel/span-attributes';
import { realDataPath, skipWithoutRealData } from '../../scripts/lib/real-data';

const inputMessages = (attrs: Attributes) => spanMessages(attrs).input;
const outputMessages = (attrs: Attributes) => spanMessages(attrs).output;

describe('span attributes', () => {
  it('reads OpenInference messages with tool calls and tool results', () => {
    const attrs = {
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'kestrel-small',
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.contents.0.message_content.type': 'text',
      'llm.input_messages.0.message.contents.0.message_content.text': 'Boil water.',
      'llm.input_messages.1.message.role': 'assistant',
      'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'c1',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'boil',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments': '{"litres": 1}',
      'llm.input_messages.2.message.role': 'tool',
      'llm.input_messages.2.message.tool_call_id': 'c1',
      'llm.input_messages.2.message.content': 'boiling',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.content': 'Done.',
      'llm.token_count.prompt': '12',
      'llm.token_count.completion': 3,
    };
    expect(spanKind(attrs)).toBe('llm');
    expect(spanModel(attrs)).toBe('kestrel-small');
    expect(spanUsage(attrs)).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 });
    expect(inputMessages(attrs)).toEqual([
      { role: 'user', content: 'Boil water.', toolCalls: [], toolCallId: null },
      {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'c1', name: 'boil', arguments: { litres: 1 } }],
        toolCallId: null,
      },
      { role: 'tool', content: 'boiling', toolCalls: [], toolCallId: 'c1' },
    ]);
    expect(outputMessages(attrs)).toEqual([{ role: 'assistant', content: 'Done.', toolCalls: [], toolCallId: null }]);
  });

  it('reads the GenAI JSON messages, the older indexed prompt/completion, and tool spans of each convention', () => {
    const json = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'kestrel-large',
      'gen_ai.output.messages': JSON.stringify([
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c2', name: 'descale', arguments: { acid: 'citric' } }] },
      ]),
      'gen_ai.input.messages': JSON.stringify([
        { role: 'user', parts: [{ type: 'text', content: 'Descale.' }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c0', response: { ok: true } }] },
      ]),
    };
    expect(spanKind(json)).toBe('llm');
    expect(inputMessages(json)).toEqual([
      { role: 'user', content: 'Descale.', toolCalls: [], toolCallId: null },
      { role: 'tool', content: '{"ok":true}', toolCalls: [], toolCallId: 'c0' },
    ]);
    expect(outputMessages(json)[0].toolCalls).toEqual([{ id: 'c2', name: 'descale', arguments: { acid: 'citric' } }]);

    const older = {
      'gen_ai.prompt.0.role': 'user',
      'gen_ai.prompt.0.content': 'Hi',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.tool_calls.0.id': 'c3',
      'gen_ai.completion.0.tool_calls.0.name': 'wave',
      'gen_ai.completion.0.tool_calls.0.arguments': '{}',
    };
    expect(inputMessages(older)).toEqual([{ role: 'user', content: 'Hi', toolCalls: [], toolCallId: null }]);
    expect(outputMessages(older)[0].toolCalls).toEqual([{ id: 'c3', name: 'wave', arguments: {} }]);

    const genAiTool = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'boil',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.call.arguments': '{"litres":1}',
      'gen_ai.tool.call.result': 'boiling',
    };
    expect(spanKind(genAiTool)).toBe('tool');
    expect(toolExecution(genAiTool)).toEqual({
      name: 'boil',
      callId: 'c1',
      arguments: { litres: 1 },
      result: 'boiling',
    });
    const oiTool = { 'openinference.span.kind': 'TOOL', 'tool.name': 'boil', 'input.value': 'x', 'output.value': 'y' };
    expect(toolExecution(oiTool)).toEqual({ name: 'boil', callId: null, arguments: 'x', result: 'y' });
    expect(spanKind({ 'ai.operationId': 'ai.toolCall' })).toBe('tool');
    expect(spanKind({ 'ai.operationId': 'ai.generateText.doGenerate' })).toBe('llm');
    expect(spanKind({})).toBe('other');
  });

  it('prefers the model that answered, keeps every tool response of a message, and counts zero tokens', () => {
    expect(spanModel({ 'gen_ai.request.model': 'gpt-5', 'gen_ai.response.model': 'gpt-5-2025-08-07' })).toBe(
      'gpt-5-2025-08-07',
    );
    expect(spanModel({ 'ai.model.id': 'gpt-5' })).toBe('gpt-5');
    const twoAnswers = {
      'gen_ai.input.messages': JSON.stringify([
        {
          role: 'tool',
          parts: [
            { type: 'tool_call_response', id: 'a', response: 'one' },
            { type: 'tool_call_response', id: 'b', result: 'two' },
          ],
        },
      ]),
    };
    expect(inputMessages(twoAnswers).map((m) => [m.role, m.content, m.toolCallId])).toEqual([
      ['tool', 'one', 'a'],
      ['tool', 'two', 'b'],
    ]);
    expect(spanUsage({ 'gen_ai.usage.input_tokens': 0, 'gen_ai.usage.output_tokens': 4 })).toEqual({
      inputTokens: 0,
      outputTokens: 4,
      totalTokens: 4,
    });
    expect(spanUsage({})).toBeNull();
    const vercelTool = {
      'ai.operationId': 'ai.toolCall',
      'ai.toolCall.name': 'getWeather',
      'ai.toolCall.id': 'c9',
      'ai.toolCall.args': '{"city":"Oslo"}',
    };
    expect(mapSpanAttributes({ attributes: vercelTool }).tool).toEqual({
      name: 'getWeather',
      callId: 'c9',
      arguments: { city: 'Oslo' },
      result: null,
    });
  });
});

const sample = (name: string) =>
  JSON.parse(readFileSync(realDataPath(`openinference/${name}`), 'utf8')) as Record<string, unknown>;

describe.skipIf(skipWithoutRealData('openinference', 'OTLP attribute mapping on the OpenInference/GenAI samples'))(
  'span attributes of the real GenAI and OpenInference samples',
  () => {
    it('OpenInference LLM span: messages from contents and content, the tool call and its result message', () => {
      const m = mapSpanAttributes({ attributes: sample('openinference_client_span_tool_calls.json') });
      expect(m.kind).toBe('llm');
      expect(m.model).toBe('gpt-4-0613');
      expect(m.input.map((x) => [x.role, x.content, x.toolCallId])).toEqual([
        ['user', 'Weather in Paris?', null],
        ['assistant', 'Absolutely! Let me check the weather for you.', null],
        ['tool', 'rainy, 57°F', '1234'],
      ]);
      expect(m.input[1].toolCalls).toEqual([{ id: '1234', name: 'get_weather', arguments: { location: 'Paris' } }]);
    });

    it('GenAI chat span: gen_ai.input.messages parts, model, usage', () => {
      const m = mapSpanAttributes({ attributes: sample('otel_genai_client_span_tool_calls.json') });
      expect(m.kind).toBe('llm');
      expect(m.model).toBe('gpt-4-0613');
      expect(m.usage).toEqual({ inputTokens: 97, outputTokens: 52, totalTokens: 149 });
      expect(m.input.map((x) => x.role)).toEqual(['user', 'assistant', 'tool']);
      expect(m.input[1].toolCalls[0]).toMatchObject({ id: '1234', name: 'get_weather' });
      expect(m.input[2]).toMatchObject({ toolCallId: '1234', content: 'rainy, 57°F' });
    });

    it('GenAI execute_tool span: name, call id, arguments and result', () => {
      const m = mapSpanAttributes({ attributes: sample('otel_genai_tool_execution_span.json') });
      expect(m.kind).toBe('tool');
      expect(m.tool).toEqual({
        name: 'get_weather',
        callId: '1234',
        arguments: { city: 'New York' },
        result: expect.stringContaining('sunny'),
      });
      // What it did not read stays for the caller's metadata.
      expect(m.read).not.toContain('gen_ai.tool.description');
    });
  },
);

describe('errors and unknown spans', () => {
  it('a failed span says why: status message, else the exception event, else error.type', () => {
    expect(mapSpanAttributes({ attributes: {}, status: { code: 2, message: 'boom' } }).error).toBe('boom');
    expect(
      mapSpanAttributes({
        attributes: {},
        status: { code: 2, message: '' },
        events: [{ name: 'exception', attributes: { 'exception.message': 'ValueError: x' } }],
      }).error,
    ).toBe('ValueError: x');
    expect(mapSpanAttributes({ attributes: { 'error.type': 'timeout' } }).error).toBe('timeout');
    expect(mapSpanAttributes({ attributes: { 'http.method': 'GET' } })).toMatchObject({ kind: 'other', error: null });
  });
});

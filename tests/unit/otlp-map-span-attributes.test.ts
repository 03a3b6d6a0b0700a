import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapSpanAttributes } from '@/lib/otlp/map-span-attributes';
import { realDataPath, skipWithoutRealData } from '../../scripts/lib/real-data';

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
